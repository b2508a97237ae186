import type { InvoiceRecord } from '@app/shared/accounting/invoices.schemas';
import { MESSAGES, maxLengthMessage } from '@app/shared/validation/messages';
import { Alert, Button, Checkbox, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateRange } from '../../../../lib/format/format-date.ts';
import { formatMoney, sumMoney } from '../../../../lib/format/format-money.ts';
import { showServerFieldErrors } from '../../../../lib/forms/server-field-errors.ts';
import { isHttpError } from '../../../../lib/http/http-error.ts';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useCreditClientInvoice } from '../../api/client-invoices/credit-client-invoice.ts';
import { moneyInText } from './client-invoice-money.ts';
import { CLIENT_INVOICES_PATH } from './client-invoices-filters.ts';

const REASON_MAX = 500;
const FIELDS = ['lines', 'reason', 'cancel_lines'] as const;
type Field = (typeof FIELDS)[number];

export const STALE_INVOICE_MESSAGE =
  'This invoice was changed by someone else meanwhile. It has been reloaded: check it and try again.';

/** The lines a credit note can still reverse: on the invoice and not credited yet. */
export const liveLines = (invoice: InvoiceRecord) => invoice.lines.filter((l) => l.credited_at === null);

/**
 * A credit note against some or all of the invoice's live lines, with a reason. The lines go back
 * to Confirmed (to be invoiced again) or, when asked, to Canceled. Asked twice: it cannot be undone.
 */
export function ClientInvoiceCreditDialog({
  invoice,
  opened,
  onClose,
  onReload,
}: {
  invoice: InvoiceRecord;
  opened: boolean;
  onClose: () => void;
  onReload: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Credit note for ${invoice.number}`}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={false}
    >
      {opened ? (
        <CreditForm key={invoice.version} invoice={invoice} onClose={onClose} onReload={onReload} />
      ) : null}
    </Modal>
  );
}

function CreditForm({
  invoice,
  onClose,
  onReload,
}: {
  invoice: InvoiceRecord;
  onClose: () => void;
  onReload: () => void;
}) {
  const navigate = useNavigate();
  const credit = useCreditClientInvoice(invoice.id);
  const live = liveLines(invoice);
  const [checked, setChecked] = useState<ReadonlySet<number>>(() => new Set(live.map((l) => l.id)));
  const [reason, setReason] = useState('');
  const [cancelLines, setCancelLines] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [stale, setStale] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const chosen = live.filter((l) => checked.has(l.id));
  const amount = sumMoney(chosen.map((l) => l.amount));
  const all = chosen.length === live.length;
  const toggle = (id: number, on: boolean) => {
    setChecked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
    setErrors((e) => ({ ...e, lines: undefined }));
  };

  const review = () => {
    const found: Partial<Record<Field, string>> = {};
    if (chosen.length === 0) found.lines = 'Choose at least one line';
    if (!reason.trim()) found.reason = MESSAGES.required;
    else if (reason.trim().length > REASON_MAX) found.reason = maxLengthMessage(REASON_MAX);
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const submit = async () => {
    setStale(false);
    try {
      const note = await credit.mutateAsync({
        lines: chosen.map((l) => l.id),
        reason: reason.trim(),
        ...(cancelLines ? { cancel_lines: true } : {}),
        version: invoice.version,
      });
      toast.success(`Credit note ${note.number} issued for ${moneyInText(note.total, note.currency)}.`);
      onClose();
      void navigate(`${CLIENT_INVOICES_PATH}/${note.id}`);
    } catch (error) {
      setConfirming(false);
      if (isHttpError(error) && error.status === 409) {
        setStale(true);
        return;
      }
      const shown: Partial<Record<Field, string>> = {};
      showServerFieldErrors(error, FIELDS, (field, text) => {
        shown[(field.split('.')[0] ?? field) as Field] ??= text;
      });
      setErrors(shown);
    }
  };

  if (confirming)
    return (
      <Stack gap="lg">
        <Alert color="red" title="This cannot be undone" role="alert">
          <Text size="sm">
            A credit note of <b>{formatMoney(`-${amount}`, invoice.currency)}</b> will be issued against{' '}
            {invoice.number} for {all ? 'all its lines' : `${chosen.length} of its ${live.length} lines`}. It
            gets its own number and stays in the books; the lines go back to{' '}
            {cancelLines ? 'Canceled' : 'Confirmed, ready to be invoiced again'}.
          </Text>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => setConfirming(false)}
            disabled={credit.isPending}
            data-autofocus
          >
            Back
          </Button>
          <Button color="red" onClick={() => void submit()} loading={credit.isPending}>
            Issue credit note
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form
      noValidate
      aria-label="Credit note"
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      <Stack gap="md">
        {stale ? (
          <Alert color="orange" role="alert" title="Changed meanwhile">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{STALE_INVOICE_MESSAGE}</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  onReload();
                  onClose();
                }}
              >
                Reload
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {live.length === 0 ? (
          <Text size="sm" c="dimmed">
            Every line of {invoice.number} has been credited already.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Lines to credit" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={36} />
                  <Table.Th>Line</Table.Th>
                  <Table.Th>Dates</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {live.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Credit line ${line.position}`}
                        checked={checked.has(line.id)}
                        onChange={(event) => toggle(line.id, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td maw={340}>
                      <Text size="sm" lineClamp={2}>
                        {line.position}. {line.description}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {line.request.number} · {line.account_type}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatDateRange(line.service_date_from, line.service_date_to)}</Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatMoney(line.amount, invoice.currency)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {errors.lines ? (
          <Text size="sm" c="red" role="alert">
            {errors.lines}
          </Text>
        ) : null}
        <Textarea
          label="Reason"
          description="Printed on the credit note"
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setErrors((e) => ({ ...e, reason: undefined }));
          }}
          error={errors.reason}
          rows={2}
          resize="vertical"
          required
          data-autofocus
        />
        <Checkbox
          label="Return the lines as canceled"
          description="Otherwise they go back to Confirmed and can be invoiced again (credit note + new invoice)."
          checked={cancelLines}
          onChange={(event) => setCancelLines(event.currentTarget.checked)}
          error={errors.cancel_lines}
        />
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" data-testid="credit-total-preview">
            {chosen.length} {chosen.length === 1 ? 'line' : 'lines'} · Credit{' '}
            <Text span fw={700}>
              {formatMoney(chosen.length ? `-${amount}` : '0', invoice.currency)}
            </Text>
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={live.length === 0}>
              Continue
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
