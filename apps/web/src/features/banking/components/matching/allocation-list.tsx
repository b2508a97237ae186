import type { Allocation } from '@app/shared/banking/allocations.schemas';
import { Badge, Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { errorDetail } from '../../../../lib/http/http-error.ts';
import { ConfirmDialog } from '../../../../ui/confirm-dialog/confirm-dialog.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useDeleteAllocation } from '../../api/allocations/delete-allocation.ts';
import { DocumentNumber } from './document-table.tsx';
import { FxDifference, TABULAR } from './matching-money.tsx';

/** What the bank line already settles, each with Unmatch (both sides get the amounts back exactly). */
export function AllocationList({ allocations }: { allocations: readonly Allocation[] }) {
  const [unmatching, setUnmatching] = useState<Allocation | null>(null);
  const remove = useDeleteAllocation();
  const close = () => {
    setUnmatching(null);
    remove.reset();
  };
  const confirm = () => {
    if (!unmatching) return;
    const a = unmatching;
    remove.mutate(a.id, {
      onSuccess: () => {
        toast.success(
          `${formatMoney(a.amount, a.currency)} of ${a.document.number} is open again`,
          'Unmatched',
        );
        close();
      },
    });
  };
  if (allocations.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Allocations">
      <Title order={3} size="h5">
        Allocated
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label="Allocations of this bank line" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Document</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                Amount
              </Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                FX difference
              </Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {allocations.map((a) => (
              <Table.Tr key={a.id} data-allocation={a.id}>
                <Table.Td>
                  <Stack gap={2}>
                    <DocumentNumber kind={a.document.kind} id={a.document.id} number={a.document.number} />
                    <Text size="xs" c="dimmed">
                      {a.document.counterparty.name} · {formatDate(a.date)}
                      {a.bill ? ` · with bill ${a.bill.number}` : ''}
                    </Text>
                    {a.from_credit ? (
                      <Badge size="xs" color="grape" variant="light" radius="sm" tt="none">
                        Paid from balance (Deposit)
                      </Badge>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  <Text size="sm" fw={500} style={TABULAR}>
                    {formatMoney(a.amount, a.currency)}
                  </Text>
                  {a.document_currency !== a.currency ? (
                    <Text size="xs" c="dimmed" style={TABULAR}>
                      {formatMoney(a.document_amount, a.document_currency)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  <FxDifference amount={a.fx_difference} currency={a.base_currency} size="xs" />
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Unmatch ${a.document.number}`}
                    onClick={() => setUnmatching(a)}
                  >
                    Unmatch
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={unmatching !== null}
        title={unmatching ? `Unmatch ${unmatching.document.number}?` : 'Unmatch'}
        confirmLabel="Unmatch"
        busy={remove.isPending}
        refusal={
          remove.isError ? (errorDetail(remove.error) ?? 'The allocation could not be removed.') : null
        }
        onConfirm={confirm}
        onCancel={close}
      >
        {unmatching
          ? `${formatMoney(unmatching.amount, unmatching.currency)} goes back to open on this bank line, and ${formatMoney(unmatching.document_amount, unmatching.document_currency)} on ${unmatching.document.number}.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
