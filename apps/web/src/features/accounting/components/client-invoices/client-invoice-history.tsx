import type { AuditEntry } from '@app/shared/directory/index';
import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { humanizeField } from '../../../../lib/forms/server-field-errors.ts';
import {
  CLIENT_INVOICE_AUDIT_PAGE,
  useClientInvoiceAudit,
} from '../../api/client-invoices/get-client-invoice-audit.ts';

/** What each recorded action means on a document that is issued, sent and credited, never edited. */
const ACTION_LABELS: Record<string, string> = {
  create: 'Issued',
  issue: 'Issued',
  update: 'Changed',
  send: 'Sent',
  credit: 'Credited',
  settle: 'Settled',
};
const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  issue: 'green',
  send: 'blue',
  credit: 'grape',
};

const FIELD_LABELS: Record<string, string> = {
  internal_note: 'Internal note',
  sent_to: 'Sent to',
  sent_at: 'Sent at',
  settled_amount: 'Settled',
  number: 'Number',
  total: 'Total',
  issue_date: 'Issue date',
  due_date: 'Due date',
  kind: 'Kind',
  reason: 'Reason',
  currency: 'Currency',
  rate: 'Rate',
  rate_set_id: 'Rate set',
  credited_by: 'Credit note',
  lines: 'Lines (request line: amount)',
  cc: 'Cc',
};
// the client, request and credited invoice are on the page, by name and with links
const HIDDEN = new Set([
  'version',
  'updated_at',
  'created_at',
  'id',
  'client_id',
  'request_id',
  'credits_invoice_id',
]);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Recorded amounts, shown grouped as everywhere else (`3 554.00`). */
const MONEY_FIELDS = new Set(['total', 'settled_amount']);

/** A recorded value as a person reads it: dates DD/MM/YYYY, amounts grouped, lists joined, empty as a dash. */
function fieldText(field: string, value: unknown): string {
  return MONEY_FIELDS.has(field) && typeof value === 'string' ? formatMoney(value) : valueText(value);
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (ISO_DAY.test(value)) return formatDate(value);
    if (ISO_INSTANT.test(value)) return formatDateTime(value);
    return value;
  }
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : '—';
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of ['number', 'name', 'named', 'code'])
      if (typeof record[key] === 'string') return record[key];
    return JSON.stringify(value);
  }
  return String(value);
}

/** Who issued, sent, credited the document or changed its note, and when; newest first. */
export function ClientInvoiceHistory({ invoiceId }: { invoiceId: number }) {
  const [limit, setLimit] = useState(CLIENT_INVOICE_AUDIT_PAGE);
  const audit = useClientInvoiceAudit(invoiceId, limit);
  const entries = audit.data?.data ?? [];
  const total = audit.data?.meta.total ?? 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="history-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="history-title">
            History
          </Title>
          {audit.isFetching ? <Loader size="xs" aria-label="Loading history" /> : null}
        </Group>
        {audit.isError ? (
          <Text role="alert" c="red" size="sm">
            The history could not be loaded.
          </Text>
        ) : null}
        {audit.isSuccess && entries.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nothing recorded yet.
          </Text>
        ) : null}
        <Stack
          gap="md"
          component="ol"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          data-testid="history"
        >
          {entries.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} />
          ))}
        </Stack>
        {entries.length < total ? (
          <Button variant="subtle" size="xs" onClick={() => setLimit((n) => n + CLIENT_INVOICE_AUDIT_PAGE)}>
            Show older entries ({total - entries.length} more)
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

function HistoryEntry({ entry }: { entry: AuditEntry }) {
  const action = entry.action as string;
  // an issue records every value it set: folded until asked for
  const foldable = action === 'create' || action === 'issue';
  const [unfolded, setUnfolded] = useState(false);
  const changes = Object.entries(entry.changes).filter(([field]) => !HIDDEN.has(field));
  const shown = foldable && !unfolded ? [] : changes;
  const showBefore = action === 'update';
  return (
    <li>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={ACTION_COLORS[action] ?? 'gray'} tt="none">
            {ACTION_LABELS[action] ?? humanizeField(action)}
          </Badge>
          <Text size="sm" fw={600}>
            {entry.user?.name ?? 'System'}
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </Text>
        </Group>
        {foldable && changes.length > 0 ? (
          <Button
            variant="subtle"
            size="compact-xs"
            w="fit-content"
            onClick={() => setUnfolded((v) => !v)}
            aria-expanded={unfolded}
          >
            {unfolded ? 'Hide the values' : `Show the ${changes.length} values recorded`}
          </Button>
        ) : null}
        {shown.length > 0 ? (
          <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm" layout="fixed">
            <Table.Tbody>
              {shown.map(([field, [before, after]]) => (
                <Table.Tr key={field}>
                  <Table.Th scope="row" fw={500} c="dimmed" w="30%">
                    {FIELD_LABELS[field] ?? humanizeField(field)}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {showBefore ? (
                      <>
                        <Text span size="sm" td="line-through" c="dimmed">
                          {fieldText(field, before)}
                        </Text>
                        <Text span size="sm" c="dimmed" aria-label="changed to">
                          {' → '}
                        </Text>
                      </>
                    ) : null}
                    <Text span size="sm">
                      {fieldText(field, after)}
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
