import type { StatementPreview, StatementRefusal } from '@app/shared/banking/statement-import.schemas';
import { Alert, Badge, Group, Loader, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { AmountText, TransactionTypeBadge } from '../common/transaction-cells.tsx';
import type { MappingDraft } from './statement-mapping.ts';
import { StatementMappingFields } from './statement-mapping-fields.tsx';

/**
 * Step 2: the columns matched to fields (pre-filled with what was remembered for the account or
 * guessed), then the file as it will be read: the counts, the first rows with the duplicates
 * marked, and every refused row with its reason.
 */
export function StatementPreviewStep({
  fileName,
  columns,
  currency,
  draft,
  problem,
  preview,
  previewing,
  error,
  onDraft,
}: {
  fileName: string;
  columns: readonly string[];
  /** The account's currency, for the amounts. */
  currency: string;
  draft: MappingDraft;
  /** Why the mapping cannot be read yet (no date column, no amount). */
  problem: string | null;
  /** The last answer; kept on screen (dimmed) while the next is on its way. */
  preview: StatementPreview | null;
  previewing: boolean;
  /** Why the server refused the last preview. */
  error: string | null;
  onDraft: (draft: MappingDraft) => void;
}) {
  return (
    <Stack gap="md">
      <Text size="sm">
        <strong>{fileName}</strong>: {columns.length} columns. Match them to the fields; the file is read
        again with each change.
      </Text>
      <StatementMappingFields columns={columns} draft={draft} onChange={onDraft} />
      {problem ? (
        <Alert color="yellow" role="alert" data-testid="mapping-problem">
          {problem}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert" title="The file cannot be read this way">
          {error}
        </Alert>
      ) : null}
      {preview && !problem ? (
        <Stack gap="md" style={{ opacity: previewing ? 0.55 : 1 }} aria-busy={previewing}>
          <Counts preview={preview} previewing={previewing} />
          <RowsTable preview={preview} currency={currency} />
          <RefusedTable refused={preview.refused} />
        </Stack>
      ) : null}
    </Stack>
  );
}

function Counts({ preview, previewing }: { preview: StatementPreview; previewing: boolean }) {
  return (
    <Group gap="lg" data-testid="preview-counts">
      <Text size="sm">
        <strong>{preview.rows_total}</strong> {preview.rows_total === 1 ? 'line' : 'lines'}
      </Text>
      <Text size="sm" c="green.8">
        <strong>{preview.rows_valid - preview.duplicates}</strong> new
      </Text>
      <Text size="sm" c="yellow.9">
        <strong>{preview.duplicates}</strong> {preview.duplicates === 1 ? 'duplicate' : 'duplicates'}{' '}
        (skipped)
      </Text>
      <Text size="sm" c="red.8">
        <strong>{preview.refused.length}</strong> refused
      </Text>
      {previewing ? <Loader size="xs" aria-label="Reading the file again" /> : null}
    </Group>
  );
}

function RowsTable({ preview, currency }: { preview: StatementPreview; currency: string }) {
  if (preview.rows.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        The first {preview.rows.length} {preview.rows.length === 1 ? 'line' : 'lines'} as they will be
        entered:
      </Text>
      <Paper withBorder radius="sm">
        <ScrollArea.Autosize
          mah={320}
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Preview of the lines' }}
        >
          <Table striped stickyHeader verticalSpacing={4} fz="sm" aria-label="Lines as they will be imported">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Line</Table.Th>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
                <Table.Th scope="col">Reference</Table.Th>
                <Table.Th scope="col">Counterparty</Table.Th>
                <Table.Th scope="col" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.rows.map((row) => (
                <Table.Tr
                  key={row.line}
                  data-duplicate={row.duplicate || undefined}
                  c={row.duplicate ? 'dimmed' : undefined}
                >
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</Table.Td>
                  <Table.Td>
                    <TransactionTypeBadge type={row.type} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <AmountText
                      amount={row.amount}
                      currency={currency}
                      type={row.type}
                      dimmed={row.duplicate}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1} title={row.reference ?? undefined} maw={260}>
                      {row.reference ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {row.counterparty ? (
                      <Text size="sm">
                        {row.counterparty.name}{' '}
                        <Text span size="xs" c="dimmed">
                          {row.counterparty.kind}
                        </Text>
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed" title="No client or supplier of that exact name">
                        {row.counterparty_name ?? '—'}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {row.duplicate ? (
                      <Badge color="yellow" variant="light" radius="sm" tt="none">
                        Duplicate
                      </Badge>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Paper>
    </Stack>
  );
}

/** Every refused row of the file with its reason (the server lists at most 1,000). */
export function RefusedTable({
  refused,
  title = 'Refused lines',
}: {
  refused: StatementRefusal[];
  title?: string;
}) {
  if (refused.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      <ScrollArea.Autosize mah={200} type="auto">
        <Table withTableBorder verticalSpacing={4} fz="sm" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={80}>
                Line
              </Table.Th>
              <Table.Th scope="col">Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {refused.map((r) => (
              <Table.Tr key={`${r.line}-${r.reason}`}>
                <Table.Td>{r.line}</Table.Td>
                <Table.Td>{r.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}
