import type { ListResult } from '@app/shared';
import type { AuditEntry } from '@app/shared/directory/index';
import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { formatDateTime } from '../../lib/format/format-date.ts';
import { humanizeField } from '../../lib/forms/server-field-errors.ts';
import { formatAuditValue } from './format-change.ts';

export interface ActionLook {
  label: string;
  color: string;
}

const ACTIONS: Record<string, ActionLook> = {
  create: { label: 'Created', color: 'green' },
  update: { label: 'Changed', color: 'blue' },
  archive: { label: 'Archived', color: 'gray' },
  unarchive: { label: 'Restored', color: 'blue' },
  import: { label: 'Imported', color: 'teal' },
  delete: { label: 'Deleted', color: 'red' },
  send: { label: 'Sent', color: 'blue' },
};

const ALWAYS_HIDDEN = ['version', 'updated_at', 'created_at', 'id'];

/** What the panel reads of a TanStack Query result for one page of `GET /audit/`-shaped entries. */
export interface AuditPageResult {
  data?: ListResult<AuditEntry> | undefined;
  isFetching: boolean;
  isError: boolean;
  isSuccess: boolean;
}

export interface RecordHistoryProps {
  audit: AuditPageResult;
  /** Asks for a longer page (the owner raises its `limit`). */
  onShowMore: () => void;
  /** Field name -> label as the page shows it; their order is the order of the rows. */
  fieldLabels?: Record<string, string>;
  /** Value -> label for fields that store codes (`the_one` -> `The One`). */
  valueLabels?: Record<string, (value: string) => string>;
  /** A field's value in the area's own words (money grouped, a file size); undefined = the usual way. */
  formatValue?: (field: string, value: unknown) => string | undefined;
  /** Fields not worth showing, besides `version`, `updated_at`, `created_at` and `id`. */
  hidden?: readonly string[];
  /** Show only the fields of `fieldLabels` (ids and hashes of a document stay out). */
  onlyLabelled?: boolean;
  /** The badge of each action, over the defaults (`create` is Created, ...). */
  actions?: Record<string, ActionLook>;
  /** Actions that record every value they set: listed folded until asked for. */
  foldedActions?: readonly string[];
  /** Actions whose values are not listed at all (the page shows them already). */
  quietActions?: readonly string[];
  /** Which actions show the value before, struck through, then the new one. */
  showBefore?: 'update' | 'always';
}

/** Who changed what and when, newest first, from the audit entries of one record. */
export function RecordHistory({ audit, onShowMore, ...entryProps }: RecordHistoryProps) {
  const titleId = useId();
  const entries = audit.data?.data ?? [];
  const total = audit.data?.meta.total ?? 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id={titleId}>
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
            <HistoryEntry key={entry.id} entry={entry} {...entryProps} />
          ))}
        </Stack>
        {entries.length < total ? (
          <Button variant="subtle" size="xs" w="fit-content" onClick={onShowMore}>
            Show older changes ({total - entries.length} more)
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

function HistoryEntry({
  entry,
  fieldLabels = {},
  valueLabels = {},
  formatValue,
  hidden = [],
  onlyLabelled = false,
  actions,
  foldedActions = ['create', 'import'],
  quietActions = [],
  showBefore = 'update',
}: Omit<RecordHistoryProps, 'audit' | 'onShowMore'> & { entry: AuditEntry }) {
  const action: string = entry.action;
  const look = actions?.[action] ?? ACTIONS[action] ?? { label: humanizeField(action), color: 'gray' };
  // in the page's order, so a change reads like the record it belongs to
  const order = Object.keys(fieldLabels);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  // the badge already says Archived or Restored: its archived_at / archived_by would only read "—"
  const archiving = action === 'archive' || action === 'unarchive';
  const shows = (field: string) =>
    !ALWAYS_HIDDEN.includes(field) &&
    !hidden.includes(field) &&
    (!onlyLabelled || field in fieldLabels) &&
    !(archiving && field.startsWith('archived_'));
  const changes = Object.entries(entry.changes)
    .filter(([field]) => shows(field))
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  const foldable = foldedActions.includes(action);
  const [unfolded, setUnfolded] = useState(false);
  const withBefore = showBefore === 'always' || action === 'update';
  const shown = quietActions.includes(action) || (foldable && !unfolded) ? [] : changes;
  const text = (field: string, value: unknown) =>
    formatValue?.(field, value) ?? formatAuditValue(value, valueLabels[field]);
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
        {foldable && !quietActions.includes(action) && changes.length > 0 ? (
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
              {shown.map(([field, [before, after]]) => (
                <Table.Tr key={field}>
                  <Table.Th scope="row" fw={500} c="dimmed" w="30%">
                    {fieldLabels[field] ?? humanizeField(field)}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {withBefore ? (
                      <>
                        <Text span size="sm" td="line-through" c="dimmed">
                          {text(field, before)}
                        </Text>
                        <Text span size="sm" c="dimmed" aria-label="changed to">
                          {' → '}
                        </Text>
                      </>
                    ) : null}
                    <Text span size="sm">
                      {text(field, after)}
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
