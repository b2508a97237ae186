import {
  DEBTS_BUCKET_LABELS,
  DEBTS_DOCUMENT_KIND_LABELS,
  type DebtsCellDocument,
} from '@app/shared/reports/debts-report.schemas';
import { Anchor, Drawer, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format/format-date.ts';
import { formatMoney, isNegative } from '../../../lib/format/format-money.ts';
import type { DebtsReportParams } from '../api/debts-report-keys.ts';
import { useDebtsCell } from '../api/list-debts-cell.ts';
import type { DebtsCellChoice } from './debts-columns.tsx';
import { longDate } from './debts-filters.ts';

const PAGE = 50;
const TABULAR = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** `Acme Ltd — GBP — 31-60 days as of 25 Nov 2026`. */
export const cellTitle = (choice: DebtsCellChoice, asOf: string) =>
  `${choice.row.counterparty.name} — ${choice.row.currency} — ${DEBTS_BUCKET_LABELS[choice.bucket]} as of ${longDate(asOf)}`;

function overdueText(days: number): string {
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'}`;
  return days === 0 ? 'Due today' : 'Not yet due';
}

function DocumentRows({ docs }: { docs: DebtsCellDocument[] }) {
  return docs.map((d) => (
    <Table.Tr key={`${d.kind}-${d.id}`}>
      <Table.Td>
        <Anchor component={Link} to={d.url} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {d.number}
        </Anchor>
        <Text size="xs" c="dimmed">
          {DEBTS_DOCUMENT_KIND_LABELS[d.kind]}
        </Text>
      </Table.Td>
      <Table.Td style={TABULAR}>{formatDate(d.issue_date)}</Table.Td>
      <Table.Td style={TABULAR}>{formatDate(d.due_date)}</Table.Td>
      <Table.Td style={TABULAR}>{overdueText(d.days_overdue)}</Table.Td>
      <Table.Td ta="right" style={TABULAR}>
        {formatMoney(d.total)}
      </Table.Td>
      <Table.Td ta="right" style={TABULAR} c={isNegative(d.open) ? 'red.7' : undefined} fw={600}>
        {formatMoney(d.open)}
      </Table.Td>
    </Table.Tr>
  ));
}

/**
 * The documents behind one cell (the report's side, day and company, the row and the bucket), each
 * a link to its page; opened from a cell's button, closed with Escape or the close button, which
 * gives focus back to the cell.
 */
export function DebtsCellDrawer({
  choice,
  query,
  asOf,
  onClose,
}: {
  choice: DebtsCellChoice | null;
  query: DebtsReportParams;
  asOf: string;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const cell = useDebtsCell(
    choice
      ? {
          side: query.side,
          as_of: asOf,
          counterparty: choice.row.counterparty.id,
          currency: choice.row.currency,
          bucket: choice.bucket,
          limit: PAGE,
          offset: (page - 1) * PAGE,
          ...(query.company !== undefined ? { company: query.company } : {}),
        }
      : null,
  );
  const close = () => {
    setPage(1);
    onClose();
  };
  const answer = cell.data;
  const pages = answer ? Math.ceil(answer.meta.total / PAGE) : 0;
  const title = choice ? cellTitle(choice, asOf) : '';
  return (
    <Drawer opened={choice !== null} onClose={close} position="right" size="xl" title={title}>
      {choice ? (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Open on {longDate(asOf)}: {formatMoney(choice.row.buckets[choice.bucket], choice.row.currency)}
              {answer ? ` in ${answer.meta.total} ${answer.meta.total === 1 ? 'document' : 'documents'}` : ''}
            </Text>
            {cell.isFetching ? <Loader size="xs" aria-label="Loading the documents" /> : null}
          </Group>
          {cell.isError && !answer ? (
            <Text c="red" role="alert">
              The documents could not be loaded.
            </Text>
          ) : null}
          {answer ? (
            <Table striped withTableBorder aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Document</Table.Th>
                  <Table.Th>Issued</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>Overdue</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th ta="right">Open</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <DocumentRows docs={answer.data} />
              </Table.Tbody>
            </Table>
          ) : null}
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" /> : null}
        </Stack>
      ) : null}
    </Drawer>
  );
}
