import type { Allocation, AllocationTarget } from '@app/shared/banking/allocations.schemas';
import { RATE_DP, toDecimal, toFixedText } from '@app/shared/rates/rate-math';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { formatMoney, sumMoney } from '../../../../lib/format/format-money.ts';
import { ConfirmDialog } from '../../../../ui/confirm-dialog/confirm-dialog.tsx';
import { useDocumentPayments } from '../../api/payments/list-document-payments.ts';
import { useUnmatchPayment } from '../../api/payments/unmatch-payment.ts';

const MATCHED_DATA_PATH = '/accounting/matched-data';
const COLUMNS = 8;
const nowrap = { whiteSpace: 'nowrap' } as const;

/** `1 USD = 3.672500 AED` across currencies (the stored rate: document currency per unit paid), else null. */
export function paymentRateText(p: Allocation): string | null {
  if (p.currency === p.document_currency) return null;
  const rate = toDecimal(p.rate);
  return `1 ${p.currency} = ${rate ? toFixedText(rate, RATE_DP) : p.rate} ${p.document_currency}`;
}

/** A realised FX difference: green `+12.50 AED` (gain), red `−12.50 AED` (loss), a dash when none. */
function FxAmount({ amount, currency }: { amount: string; currency: string }) {
  const value = toDecimal(amount);
  if (!value || value.isZero())
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  const gain = value.isPositive();
  return (
    <Text span size="sm" fw={600} c={gain ? 'teal.8' : 'red.7'} style={nowrap}>
      {gain ? '+' : '−'}
      {formatMoney(toFixedText(value.abs(), 2), currency)}
    </Text>
  );
}

function referenceOf(p: Allocation): string {
  return p.transaction.reference?.trim() || `Bank line ${p.transaction.id}`;
}

/** What an allocation settles: the document, and the bill a voucher pays alongside it. */
function settledNames(p: Allocation): string {
  return p.bill ? `${p.document.number} and bill ${p.bill.number}` : p.document.number;
}

function PaymentRow({ payment: p, onUnmatch }: { payment: Allocation; onUnmatch: () => void }) {
  const rate = paymentRateText(p);
  return (
    <Table.Tr>
      <Table.Td style={nowrap}>{formatDate(p.date)}</Table.Td>
      <Table.Td>{p.transaction.bank}</Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <Anchor
            component={Link}
            to={`${MATCHED_DATA_PATH}?transaction=${p.transaction.id}`}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {referenceOf(p)}
          </Anchor>
          {p.from_credit ? (
            <Badge color="grape" variant="light" radius="sm" tt="none" size="sm">
              From balance (Deposit)
            </Badge>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td ta="right" style={nowrap}>
        {formatMoney(p.amount, p.currency)}
      </Table.Td>
      <Table.Td ta="right" style={nowrap} fw={600}>
        {formatMoney(p.document_amount, p.document_currency)}
      </Table.Td>
      <Table.Td style={nowrap}>
        {rate ?? (
          <Text span size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        <FxAmount amount={p.fx_difference} currency={p.base_currency} />
      </Table.Td>
      <Table.Td ta="right">
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          onClick={onUnmatch}
          aria-label={`Unmatch ${referenceOf(p)} of ${formatDate(p.date)}`}
        >
          Unmatch
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function SkeletonRows() {
  return (
    <>
      {[0, 1].map((row) => (
        <Table.Tr key={row} data-testid="payments-loading">
          {Array.from({ length: COLUMNS }, (_, cell) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have nothing else to key on
            <Table.Td key={cell}>
              <Skeleton height={14} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

function Totals({ payments }: { payments: Allocation[] }) {
  const first = payments[0];
  if (!first) return null;
  return (
    <Table.Tfoot>
      <Table.Tr>
        <Table.Th colSpan={4}>Total</Table.Th>
        <Table.Th ta="right" style={nowrap} data-testid="payments-applied-total">
          {formatMoney(sumMoney(payments.map((p) => p.document_amount)), first.document_currency)}
        </Table.Th>
        <Table.Th />
        <Table.Th ta="right" data-testid="payments-fx-total">
          <FxAmount amount={sumMoney(payments.map((p) => p.fx_difference))} currency={first.base_currency} />
        </Table.Th>
        <Table.Th />
      </Table.Tr>
    </Table.Tfoot>
  );
}

/**
 * The bank lines that settled a client invoice, a bill or a voucher: what was paid in the bank's
 * currency, what it applied in the document's, at which rate and with which realised FX
 * difference; each can be unmatched (the document and the bank line reopen).
 */
export function DocumentPayments({ target, id }: { target: AllocationTarget; id: number }) {
  const payments = useDocumentPayments(target, id);
  const unmatch = useUnmatchPayment();
  const [confirming, setConfirming] = useState<Allocation | null>(null);
  const rows = payments.data ?? [];

  const confirmUnmatch = () => {
    if (!confirming) return;
    // a refusal is toasted by the http layer; either way the dialog has said its piece
    unmatch.mutate(confirming.id, { onSettled: () => setConfirming(null) });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Payments">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Payments
        </Title>
        {payments.isError ? (
          <Group gap="sm">
            <Text size="sm" c="red.7">
              The payments could not be loaded.
            </Text>
            <Button variant="default" size="compact-sm" onClick={() => void payments.refetch()}>
              Retry
            </Button>
          </Group>
        ) : !payments.isPending && rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payment matched yet.{' '}
            <Anchor component={Link} to={MATCHED_DATA_PATH} size="sm">
              Match a bank line
            </Anchor>
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table aria-label="Payments matched" verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Bank account</Table.Th>
                  <Table.Th>Bank reference</Table.Th>
                  <Table.Th ta="right">Paid</Table.Th>
                  <Table.Th ta="right">Applied</Table.Th>
                  <Table.Th>Rate</Table.Th>
                  <Table.Th ta="right">FX difference</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payments.isPending ? (
                  <SkeletonRows />
                ) : (
                  rows.map((p) => <PaymentRow key={p.id} payment={p} onUnmatch={() => setConfirming(p)} />)
                )}
              </Table.Tbody>
              <Totals payments={rows} />
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title="Unmatch this payment?"
        confirmLabel="Unmatch"
        busy={unmatch.isPending}
        onConfirm={confirmUnmatch}
        onCancel={() => setConfirming(null)}
      >
        {confirming ? (
          <Text>
            The payment of {formatMoney(confirming.amount, confirming.currency)} on{' '}
            {formatDate(confirming.date)} to {confirming.transaction.bank} (“{referenceOf(confirming)}”) will
            no longer settle {formatMoney(confirming.document_amount, confirming.document_currency)} of{' '}
            {settledNames(confirming)}. The bank line becomes open again
            {confirming.from_credit ? ' and the amount returns to the client’s balance' : ''}.
          </Text>
        ) : null}
      </ConfirmDialog>
    </Paper>
  );
}
