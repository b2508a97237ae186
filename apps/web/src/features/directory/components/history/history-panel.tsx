import type { AuditAction, AuditEntry } from '@app/shared/directory/index';
import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AUDIT_PAGE_SIZE, useAudit } from '../../api/get-audit.ts';
import { humanize } from '../form/server-errors.ts';
import { formatAuditValue, formatInstant } from './format-change.ts';

const ACTION_LABEL: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  archive: 'Archived',
  unarchive: 'Restored',
  import: 'Imported',
  delete: 'Deleted',
  send: 'Sent',
};

const ACTION_COLOR: Partial<Record<AuditAction, string>> = {
  create: 'green',
  archive: 'gray',
  unarchive: 'blue',
  import: 'teal',
  delete: 'red',
};

export interface HistoryPanelProps {
  entity: string;
  entityId: number;
  /** Field name -> label as the form shows it. */
  fieldLabels?: Record<string, string>;
  /** Value -> label for fields that store codes (`the_one` -> `The One`). */
  valueLabels?: Record<string, (value: string) => string>;
  /** Fields not worth showing (`version`, `updated_at`). */
  hidden?: readonly string[];
}

const ALWAYS_HIDDEN = ['version', 'updated_at', 'created_at', 'id'];

/** Who changed what and when, newest first (GET /audit/). */
export function HistoryPanel({
  entity,
  entityId,
  fieldLabels = {},
  valueLabels = {},
  hidden = [],
}: HistoryPanelProps) {
  const [limit, setLimit] = useState(AUDIT_PAGE_SIZE);
  const audit = useAudit(entity, entityId, limit);
  const skip = new Set([...ALWAYS_HIDDEN, ...hidden]);
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
            <HistoryEntry
              key={entry.id}
              entry={entry}
              skip={skip}
              fieldLabels={fieldLabels}
              valueLabels={valueLabels}
            />
          ))}
        </Stack>
        {entries.length < total ? (
          <Button variant="subtle" size="xs" onClick={() => setLimit((n) => n + AUDIT_PAGE_SIZE)}>
            Show older changes ({total - entries.length} more)
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

function HistoryEntry({
  entry,
  skip,
  fieldLabels,
  valueLabels,
}: {
  entry: AuditEntry;
  skip: Set<string>;
  fieldLabels: Record<string, string>;
  valueLabels: Record<string, (value: string) => string>;
}) {
  // in the form's order, so a change reads like the record it belongs to
  const order = Object.keys(fieldLabels);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  // the badge already says Archived or Restored: its archived_at / archived_by would only read "—"
  const archiving = entry.action === 'archive' || entry.action === 'unarchive';
  const changes = Object.entries(entry.changes)
    .filter(([field]) => !skip.has(field) && !(archiving && field.startsWith('archived_')))
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  // a creation or import lists every value it set: a long list, folded until asked for
  const foldable = entry.action === 'create' || entry.action === 'import';
  const [unfolded, setUnfolded] = useState(false);
  const showBefore = entry.action === 'update';
  const shown = foldable && !unfolded ? [] : changes;
  return (
    <li>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={ACTION_COLOR[entry.action] ?? 'blue'}>
            {ACTION_LABEL[entry.action]}
          </Badge>
          <Text size="sm" fw={600}>
            {entry.user?.name ?? 'System'}
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={entry.at}>{formatInstant(entry.at)}</time>
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
            {unfolded ? 'Hide the values' : `Show the ${changes.length} values set`}
          </Button>
        ) : null}
        {shown.length > 0 ? (
          // fixed layout: a long value wraps inside the panel instead of widening the page
          <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm" layout="fixed">
            <Table.Tbody>
              {shown.map(([field, [before, after]]) => {
                const label = fieldLabels[field] ?? humanize(field);
                const fmt = valueLabels[field];
                return (
                  <Table.Tr key={field}>
                    <Table.Th scope="row" fw={500} c="dimmed" w="30%">
                      {label}
                    </Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {showBefore ? (
                        <>
                          <Text span size="sm" td="line-through" c="dimmed">
                            {formatAuditValue(before, fmt)}
                          </Text>
                          <Text span size="sm" c="dimmed" aria-label="changed to">
                            {' → '}
                          </Text>
                        </>
                      ) : null}
                      <Text span size="sm">
                        {formatAuditValue(after, fmt)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </li>
  );
}
