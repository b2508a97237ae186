import type { InvoiceRecord } from '@app/shared/accounting/invoices.schemas';
import { Dec, toDecimal, toFixedText } from '@app/shared/rates/rate-math';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { errorDetail } from '../../../../lib/http/http-error.ts';
import { DialogFooter } from '../../../../ui/form/dialog-footer.tsx';
import { TextInput } from '../../../../ui/text-input/text-input.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useClientBalance } from '../../api/client-credit/get-client-balance.ts';
import { CreditShortError, usePayFromBalance } from '../../api/client-credit/pay-from-balance.ts';

/** Whether the invoice still has something to pay (an issued invoice, not a credit note). */
const isOpen = (invoice: InvoiceRecord) =>
  invoice.kind === 'invoice' &&
  invoice.payment_status !== 'Paid' &&
  (toDecimal(invoice.open_amount)?.gt(0) ?? false);

/**
 * 'Pay from balance' on an open invoice whose client holds credit in its currency (payment
 * method Deposit): the dialog applies up to the smaller of the balance and the open amount.
 */
export function PayFromBalanceAction({ invoice }: { invoice: InvoiceRecord }) {
  const open = isOpen(invoice);
  const balance = useClientBalance(invoice.client.id, open);
  const [opened, setOpened] = useState(false);
  const held = balance.data?.balances.find((b) => b.currency === invoice.currency)?.balance;
  if (!open || !held || !(toDecimal(held)?.gt(0) ?? false)) return null;
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Pay from balance
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Pay ${invoice.number} from the balance`}
        centered
      >
        {opened ? <PayForm invoice={invoice} balance={held} onClose={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}

function PayForm({
  invoice,
  balance,
  onClose,
}: {
  invoice: InvoiceRecord;
  balance: string;
  onClose: () => void;
}) {
  const pay = usePayFromBalance();
  const limit = Dec.min(toDecimal(balance) ?? 0, toDecimal(invoice.open_amount) ?? 0);
  const [amount, setAmount] = useState(() => toFixedText(limit, 2));
  const [refusal, setRefusal] = useState<string | null>(null);
  const money = (value: string) => formatMoney(value, invoice.currency);

  const typed = toDecimal(amount);
  const error =
    typed === null || typed.lte(0)
      ? 'Enter an amount above 0'
      : typed.gt(limit)
        ? `At most ${money(toFixedText(limit, 2))}`
        : null;

  const submit = async () => {
    // Enter in the amount submits the form too: not while a payment is on its way
    if (error || typed === null || pay.isPending) return;
    const value = toFixedText(typed, 2);
    setRefusal(null);
    try {
      await pay.mutateAsync({
        invoice: invoice.id,
        client: invoice.client.id,
        currency: invoice.currency,
        amount: value,
      });
      toast.success(`${money(value)} paid from ${invoice.client.name}’s balance.`);
      onClose();
    } catch (failure) {
      setRefusal(
        failure instanceof CreditShortError
          ? failure.message
          : (errorDetail(failure) ?? 'The payment could not be recorded. Try again.'),
      );
    }
  };

  return (
    <form
      noValidate
      aria-label={`Pay ${invoice.number} from the balance`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm">
            Balance of {invoice.client.name}: <strong>{money(balance)}</strong>
          </Text>
          <Text size="sm">
            Open on {invoice.number}: <strong>{money(invoice.open_amount)}</strong>
          </Text>
        </Stack>
        <TextInput
          label="Amount to apply"
          value={amount}
          onChange={setAmount}
          mask={{ kind: 'number', scale: 2, min: 0 }}
          inputMode="decimal"
          required
          error={error}
          rightSection={
            <Text size="xs" c="dimmed" pr="xs">
              {invoice.currency}
            </Text>
          }
        />
        <Text size="xs" c="dimmed">
          Taken from the client’s oldest credit first.
        </Text>
        <DialogFooter
          refusal={refusal}
          refusalTitle="Refused"
          submitLabel={`Apply ${error ? '' : money(toFixedText(typed ?? new Dec(0), 2))}`}
          submitting={pay.isPending}
          onClose={onClose}
          submitDisabled={error !== null}
        />
      </Stack>
    </form>
  );
}
