import type { Allocation } from '@app/shared/banking/allocations.schemas';
import { Anchor, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { useTransactionAllocations } from '../../api/transactions/list-transaction-allocations.ts';
import { AmountText } from '../common/transaction-cells.tsx';

/** A settled document's own page. */
function documentPath(doc: Allocation['document']): string | null {
  if (doc.kind === 'invoice' || doc.kind === 'credit_note') return `/accounting/client-invoices/${doc.id}`;
  if (doc.kind === 'bill') return `/accounting/supplier-invoices/${doc.id}`;
  return null;
}

/**
 * What the line settles: each document with the amount taken from the line and, across
 * currencies, the amount in the document's currency.
 */
export function TransactionAllocations({ transactionId }: { transactionId: number }) {
  const allocations = useTransactionAllocations(transactionId);
  if (allocations.isPending) return <Loader size="xs" aria-label="Loading allocations" />;
  if (allocations.isError)
    return (
      <Text size="sm" c="red" role="alert">
        The allocations could not be loaded.
      </Text>
    );
  const rows = allocations.data;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Allocations
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not matched to any document yet.
        </Text>
      ) : (
        <Table verticalSpacing={4} fz="sm" aria-label="Allocations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Document</Table.Th>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col" ta="right">
                Amount
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => {
              const path = documentPath(a.document);
              return (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    {path ? (
                      <Anchor component={Link} to={path} size="sm">
                        {a.document.number}
                      </Anchor>
                    ) : (
                      a.document.number
                    )}
                    {a.bill ? (
                      <Text size="xs" c="dimmed">
                        with bill {a.bill.number}
                      </Text>
                    ) : null}
                    {a.from_credit ? (
                      <Text size="xs" c="dimmed">
                        paid from credit
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{formatDate(a.date)}</Table.Td>
                  <Table.Td ta="right">
                    <AmountText amount={a.amount} currency={a.currency} />
                    {a.document_currency !== a.currency ? (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        = <AmountText amount={a.document_amount} currency={a.document_currency} dimmed />
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
