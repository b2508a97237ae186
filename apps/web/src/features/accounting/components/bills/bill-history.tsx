import type { AuditEntry } from '@app/shared/directory/index';
import { formatDisplayDate } from '@app/shared/validation/messages';
import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { useBillAudit } from '../../api/bills/get-bill-audit.ts';
import { formatFileSize } from './bill-file.ts';

const PAGE = 20;

/** The recorded fields a person reads, in the order of the bill's page; ids and hashes are left out. */
const LABELS: Record<string, string> = {
  number: 'Number',
  issue_date: 'Issue date',
  due_date: 'Due date',
  currency: 'Currency',
  amount: 'Amount',
  lines_cost: "Lines' cost",
  lines: 'Lines',
  difference_explanation: 'Explanation',
  internal_note: 'Internal note',
  rate: 'Rate',
  amount_base: 'Amount in base currency',
  file_name: 'File',
  file_size: 'File size',
};

const ACTIONS: Record<string, { label: string; color: string }> = {
  create: { label: 'Recorded', color: 'green' },
  update: { label: 'Changed', color: 'blue' },
  delete: { label: 'Deleted', color: 'red' },
};

function show(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'lines' && Array.isArray(value))
    return `${value.length} line${value.length === 1 ? '' : 's'}`;
  if (field === 'file_size' && typeof value === 'number') return formatFileSize(value);
  if ((field === 'issue_date' || field === 'due_date') && typeof value === 'string')
    return formatDisplayDate(value);
  if ((field === 'amount' || field === 'lines_cost' || field === 'amount_base') && typeof value === 'string')
    return formatMoney(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Entry({ entry }: { entry: AuditEntry }) {
  const look = ACTIONS[entry.action] ?? { label: entry.action, color: 'gray' };
  const order = Object.keys(LABELS);
  const changes = Object.entries(entry.changes)
    .filter(([field]) => field in LABELS)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  // a creation lists every value it set: the bill's page shows them already
  const shown = entry.action === 'create' ? [] : changes;
  return (
    <li>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={look.color}>
            {look.label}
          </Badge>
          <Text size="sm" fw={600}>
            {entry.user?.name ?? 'System'}
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </Text>
        </Group>
        {shown.length > 0 ? (
          <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm" layout="fixed">
            <Table.Tbody>
              {shown.map(([field, [before, after]]) => (
                <Table.Tr key={field}>
                  <Table.Th scope="row" fw={500} c="dimmed" w="30%">
                    {LABELS[field]}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text span size="sm" td="line-through" c="dimmed">
                      {show(field, before)}
                    </Text>
                    <Text span size="sm" c="dimmed" aria-label="changed to">
                      {' → '}
                    </Text>
                    <Text span size="sm">
                      {show(field, after)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </li>
  );
}

/** Who recorded the bill, who changed what (a replaced file by its name and size) and when, newest first. */
export function BillHistory({ billId }: { billId: number }) {
  const [limit, setLimit] = useState(PAGE);
  const audit = useBillAudit(billId, limit);
  const entries = audit.data?.data ?? [];
  const total = audit.data?.meta.total ?? 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="bill-history-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="bill-history-title">
            History
          </Title>
          {audit.isFetching ? <Loader size="xs" aria-label="Loading history" /> : null}
        </Group>
        {audit.isError ? (
          <Text role="alert" c="red">
            The history could not be loaded.
          </Text>
        ) : null}
        {audit.isSuccess && entries.length === 0 ? <Text c="dimmed">No changes recorded yet.</Text> : null}
        <Stack
          gap="md"
          component="ol"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          data-testid="history"
        >
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </Stack>
        {entries.length < total ? (
          <Button variant="subtle" size="xs" w="fit-content" onClick={() => setLimit((n) => n + PAGE)}>
            Show older changes ({total - entries.length} more)
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
