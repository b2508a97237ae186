import type { Allocation, Suggestion } from '@app/shared/banking/allocations.schemas';
import { TRANSACTION_MESSAGES, type Transaction } from '@app/shared/banking/transactions.schemas';
import { Dec } from '@app/shared/rates/rate-math';
import { Alert, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTransactionAllocations } from '../../api/allocations/list-allocations.ts';
import { useTransaction } from '../../api/matching/get-transaction.ts';
import type { OpenDocument } from '../../api/matching/open-document.ts';
import { useSuggestions } from '../../api/suggestions/list-suggestions.ts';
import { AllocationList } from './allocation-list.tsx';
import { AllocationPanel } from './allocation-panel.tsx';
import { type AllocationChoice, choiceFromDocument, choiceFromSuggestion } from './allocation-values.ts';
import { DocumentSearch } from './document-search.tsx';
import { documentKey } from './document-table.tsx';
import { SuggestionList } from './suggestion-list.tsx';
import { TransactionSummary } from './transaction-summary.tsx';
import { useMatchingKeys } from './use-matching-keyboard.ts';

const isTransferLeg = (t: Pick<Transaction, 'type'>) => t.type.endsWith('-TRANSFER');

/**
 * The right side of Matched data for one bank line: its open amount, what it already settles,
 * the suggestions, a search for anything else, and the allocation panel for the chosen document.
 * `row` (the list's copy) shows at once while the line's own record loads.
 */
export function MatchingPanel({
  id,
  row,
  onFullyMatched,
}: {
  id: number;
  row: Transaction | undefined;
  /** The last allocation took the whole open amount: the screen may move on to the next line. */
  onFullyMatched: (id: number) => void;
}) {
  const record = useTransaction(id);
  const transaction = record.data ?? row;
  const open = transaction ? new Dec(transaction.open_amount).greaterThan(0) : false;
  const matchable = transaction !== undefined && open && !isTransferLeg(transaction);
  const suggestions = useSuggestions(id, matchable);
  const allocations = useTransactionAllocations(id);
  const [choice, setChoice] = useState<AllocationChoice | null>(null);

  useMatchingKeys((key) => {
    const best = suggestions.data?.[0];
    if (key !== 'Enter' || choice || !matchable || !best) return false;
    setChoice(choiceFromSuggestion(best));
    return true;
  });

  if (!transaction) {
    if (record.isError)
      return (
        <Alert color="gray" title="Bank line not found">
          It may have been deleted. Choose another line on the left.
        </Alert>
      );
    return (
      <Group gap="xs">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">Loading the bank line…</Text>
      </Group>
    );
  }

  const chooseSuggestion = (s: Suggestion) => setChoice(choiceFromSuggestion(s));
  const chooseDocument = (d: OpenDocument) =>
    setChoice(choiceFromDocument(transaction, d, suggestions.data ?? []));
  const posted = (allocation: Allocation) => {
    setChoice(null);
    if (!new Dec(transaction.open_amount).minus(allocation.amount).greaterThan(0)) onFullyMatched(id);
  };
  const chosen = choice ? documentKey(choice.document) : null;

  return (
    <Stack gap="md">
      <TransactionSummary transaction={transaction} />
      {choice ? (
        <AllocationPanel
          key={chosen}
          transaction={transaction}
          choice={choice}
          onCancel={() => setChoice(null)}
          onPosted={posted}
        />
      ) : null}
      <AllocationList allocations={allocations.data ?? []} />
      {isTransferLeg(transaction) ? (
        <Text size="sm" c="dimmed">
          {TRANSACTION_MESSAGES.isTransfer}
        </Text>
      ) : open ? (
        <>
          <Divider />
          <SuggestionList
            suggestions={suggestions.data}
            loading={suggestions.isFetching}
            failed={suggestions.isError}
            credit={transaction.is_credit}
            chosen={chosen}
            onChoose={chooseSuggestion}
          />
          <DocumentSearch
            transaction={transaction}
            credit={transaction.is_credit}
            chosen={chosen}
            onChoose={chooseDocument}
          />
        </>
      ) : (
        <Text size="sm" c="teal.8" fw={600}>
          Fully matched: nothing left to allocate on this line.
        </Text>
      )}
    </Stack>
  );
}
