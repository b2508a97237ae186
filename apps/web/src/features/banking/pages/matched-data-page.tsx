import type { Transaction } from '@app/shared/banking/transactions.schemas';
import { Grid, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ListPageLayout } from '../../../ui/list/list-page-layout.tsx';
import { useListState } from '../../../ui/list/use-list-state.ts';
import { useMatchingTransactions } from '../api/matching/list-unmatched.ts';
import { KeyboardHint } from '../components/matching/keyboard-hint.tsx';
import classes from '../components/matching/matching.module.css';
import { MatchingFilterBar } from '../components/matching/matching-filter-bar.tsx';
import {
  MATCHING_LIST,
  matchingFiltered,
  matchingQuery,
  selectedTransactionId,
} from '../components/matching/matching-filters.ts';
import { MatchingPanel } from '../components/matching/matching-panel.tsx';
import { TransactionList } from '../components/matching/transaction-list.tsx';
import { useMatchingKeys } from '../components/matching/use-matching-keyboard.ts';

/** The row of a bank line in the list, to focus it when the keyboard moved the selection there. */
const rowOf = (id: number) => document.querySelector<HTMLElement>(`tr[data-transaction-id="${id}"]`);

/**
 * Matched data (`/accounting/matched-data`): bank lines on the left, the selected one's matching on
 * the right. Built for the keyboard: Up/Down choose the line, Enter takes the best suggestion and
 * Enter again posts it, Esc cancels.
 */
export function MatchedDataPage() {
  const list = useListState(MATCHING_LIST);
  const [, setParams] = useSearchParams();
  const query = useMemo(() => matchingQuery(list.state), [list.state]);
  const result = useMatchingTransactions(query);
  const rows = result.data?.data;
  const selectedId = selectedTransactionId(list.state);
  const filtered = matchingFiltered(list.state);
  // below `lg` the panel sits under the list: a chosen line brings it into view
  const stacked = useMediaQuery('(max-width: 74.99em)') ?? false;
  const panelRef = useRef<HTMLDivElement>(null);

  // the selection changes alone, without going back to the first page as a filter would
  const select = useCallback(
    (id: number | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete('transaction');
          else next.set('transaction', String(id));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // nothing chosen yet: the first line is, so Enter works from the start
  const first = rows?.[0]?.id;
  useEffect(() => {
    if (selectedId === null && first !== undefined) select(first);
  }, [selectedId, first, select]);

  const move = (step: 1 | -1) => {
    if (!rows || rows.length === 0) return;
    const at = rows.findIndex((r) => r.id === selectedId);
    const next = at === -1 ? rows[0] : rows[Math.min(rows.length - 1, Math.max(0, at + step))];
    if (!next || next.id === selectedId) return;
    const focused = document.activeElement?.closest('tr[data-transaction-id]') !== null;
    select(next.id);
    // keep the focus with the selection when the person was on the rows
    if (focused) requestAnimationFrame(() => rowOf(next.id)?.focus());
    else rowOf(next.id)?.scrollIntoView?.({ block: 'nearest' });
  };

  useMatchingKeys((key) => {
    if (key === 'ArrowDown') move(1);
    else if (key === 'ArrowUp') move(-1);
    else return false;
    return true;
  });

  // a line fully matched leaves the unmatched list: go on with the one after it
  const onFullyMatched = (id: number) => {
    if (list.state.filters.matched === 'true' || !rows) return;
    const at = rows.findIndex((r) => r.id === id);
    const next = rows[at + 1] ?? rows[at - 1];
    if (at !== -1 && next) select(next.id);
  };

  const reset = () => setParams(selectedId ? { transaction: String(selectedId) } : {}, { replace: true });
  const row = rows?.find((r: Transaction) => r.id === selectedId);

  return (
    <ListPageLayout
      title="Matched data"
      actions={<KeyboardHint />}
      filters={<MatchingFilterBar list={list} />}
      filtered={filtered}
      onReset={reset}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <TransactionList
            list={list}
            result={result}
            selectedId={selectedId}
            onSelect={(t) => {
              select(t.id);
              if (stacked) panelRef.current?.scrollIntoView?.({ block: 'start' });
            }}
            filtered={filtered}
            onResetFilters={reset}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <div className={classes.panel} ref={panelRef}>
            {selectedId !== null ? (
              <MatchingPanel key={selectedId} id={selectedId} row={row} onFullyMatched={onFullyMatched} />
            ) : (
              <Text c="dimmed">Choose a bank line on the left to match it.</Text>
            )}
          </div>
        </Grid.Col>
      </Grid>
    </ListPageLayout>
  );
}

export default MatchedDataPage;
