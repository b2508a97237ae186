import { Anchor, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import type { OpenDocument, OpenDocumentKind } from '../../api/matching/open-document.ts';
import { TABULAR } from './matching-money.tsx';

/** A document's own page; a voucher is seen on its request. */
export function documentPath(kind: OpenDocumentKind | 'credit_note', id: number): string | null {
  if (kind === 'invoice' || kind === 'credit_note') return `/accounting/client-invoices/${id}`;
  if (kind === 'bill') return `/accounting/supplier-invoices/${id}`;
  return null;
}

export function DocumentNumber({
  kind,
  id,
  number,
}: {
  kind: OpenDocumentKind | 'credit_note';
  id: number;
  number: string;
}) {
  const path = documentPath(kind, id);
  if (!path)
    return (
      <Text size="sm" fw={600}>
        {number}
      </Text>
    );
  return (
    <Anchor component={Link} to={path} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
      {number}
    </Anchor>
  );
}

/** What the allocate button says: a credit line pays the invoice from the client's balance. */
export function allocateLabel(credit: boolean): string {
  return credit ? 'Pay from balance (Deposit)' : 'Allocate';
}

export interface DocumentRow {
  document: OpenDocument;
  /** Under the number: why it is suggested. */
  note?: ReactNode;
  /** Kept on the row for tests and styling (`data-document`). */
  key: string;
}

/**
 * Open documents with their open amount and an Allocate button each: the suggestions and the
 * search results read the same.
 */
export function DocumentTable({
  label,
  rows,
  credit,
  chosen,
  onChoose,
}: {
  label: string;
  rows: readonly DocumentRow[];
  credit: boolean;
  /** The document the allocation panel is open for. */
  chosen: string | null;
  onChoose: (row: DocumentRow) => void;
}) {
  const action = allocateLabel(credit);
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table aria-label={label} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Document</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Open
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Action</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const d = row.document;
            return (
              <Table.Tr key={row.key} data-document={row.key}>
                <Table.Td>
                  <Stack gap={2}>
                    <DocumentNumber kind={d.kind} id={d.id} number={d.number} />
                    <Text size="xs" c="dimmed">
                      {d.counterparty.name} · due {formatDate(d.due_date)}
                    </Text>
                    {row.note}
                  </Stack>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', verticalAlign: 'top' }}>
                  <Text size="sm" fw={500} style={TABULAR}>
                    {formatMoney(d.open_amount, d.currency)}
                  </Text>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', verticalAlign: 'top', width: 1 }}>
                  <Button
                    size="compact-sm"
                    variant={chosen === row.key ? 'filled' : 'light'}
                    aria-label={`${action}: ${d.number}`}
                    onClick={() => onChoose(row)}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {action}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export const documentKey = (d: Pick<OpenDocument, 'kind' | 'id'>) => `${d.kind}-${d.id}`;
