import {
  DEBTS_BUCKET_LABELS,
  DEBTS_DOCUMENT_KIND_LABELS,
  type DebtsCellDocument,
  type DebtsSide,
} from '@app/shared/reports/debts-report.schemas';
import { Anchor, Drawer, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format/format-date.ts';
import { formatMoney, isNegative } from '../../../lib/format/format-money.ts';
import { useDebtsCell } from '../api/list-debts-cell.ts';
import type { DebtsCellChoice } from './debts-columns.tsx';
import { NUMERIC } from './report-format.tsx';

const PAGE = 50;

/** The report a cell belongs to, as it was run (not as the filters read since). */
export interface DebtsCellScope {
  side: DebtsSide;
  as_of: string;
  company?: number | undefined;
}

/** `Acme Ltd — GBP — 31-60 days as of 25/11/2026`. */
export const cellTitle = (choice: DebtsCellChoice, asOf: string) =>
  `${choice.row.counterparty.name} — ${choice.row.currency} — ${DEBTS_BUCKET_LABELS[choice.bucket]} as of ${formatDate(asOf)}`;

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
      <Table.Td style={NUMERIC}>{formatDate(d.issue_date)}</Table.Td>
      <Table.Td style={NUMERIC}>{formatDate(d.due_date)}</Table.Td>
      <Table.Td style={NUMERIC}>{overdueText(d.days_overdue)}</Table.Td>
      <Table.Td ta="right" style={NUMERIC}>
        {formatMoney(d.total)}
      </Table.Td>
      <Table.Td ta="right" style={NUMERIC} c={isNegative(d.open) ? 'red.7' : undefined} fw={600}>
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
  scope,
  onClose,
}: {
  choice: DebtsCellChoice | null;
  scope: DebtsCellScope;
  onClose: () => void;
}) {
  const title = choice ? cellTitle(choice, scope.as_of) : '';
  const cellKey = choice
    ? `${scope.side}-${scope.as_of}-${scope.company}-${choice.row.counterparty.id}-${choice.row.currency}-${choice.bucket}`
    : '';
  return (
    <Drawer opened={choice !== null} onClose={onClose} position="right" size="xl" title={title}>
      {/* another cell starts again at its first page */}
      {choice ? <CellDocuments key={cellKey} choice={choice} scope={scope} title={title} /> : null}
    </Drawer>
  );
}

function CellDocuments({
  choice,
  scope,
  title,
}: {
  choice: DebtsCellChoice;
  scope: DebtsCellScope;
  title: string;
}) {
  const [page, setPage] = useState(1);
  const cell = useDebtsCell({
    side: scope.side,
    as_of: scope.as_of,
    counterparty: choice.row.counterparty.id,
    currency: choice.row.currency,
    bucket: choice.bucket,
    limit: PAGE,
    offset: (page - 1) * PAGE,
    ...(scope.company !== undefined ? { company: scope.company } : {}),
  });
  const answer = cell.data;
  const pages = answer ? Math.ceil(answer.meta.total / PAGE) : 0;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Open on {formatDate(scope.as_of)}:{' '}
          {formatMoney(choice.row.buckets[choice.bucket], choice.row.currency)}
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
  );
}
