import type { InvoiceRecord } from '@app/shared/accounting/invoices.schemas';
import { MESSAGES, maxLengthMessage } from '@app/shared/validation/messages';
import { isValidEmail } from '@app/shared/validation/validators';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { showServerFieldErrors } from '../../../../lib/forms/server-field-errors.ts';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useSendClientInvoice } from '../../api/client-invoices/send-client-invoice.ts';

const MESSAGE_MAX = 4000;
const FIELDS = ['to', 'cc', 'message'] as const;
type Field = (typeof FIELDS)[number];

const kindLabel = (invoice: InvoiceRecord) => (invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice');

/** E-mails the PDF: to the client's address unless changed, a copy if wanted, and a message. */
export function ClientInvoiceSendDialog({
  invoice,
  opened,
  onClose,
}: {
  invoice: InvoiceRecord;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Send ${invoice.number}`}
      size="lg"
      fullScreen={phone}
      closeOnClickOutside={false}
    >
      {opened ? <SendForm invoice={invoice} onClose={onClose} /> : null}
    </Modal>
  );
}

function SendForm({ invoice, onClose }: { invoice: InvoiceRecord; onClose: () => void }) {
  const send = useSendClientInvoice(invoice.id);
  const [to, setTo] = useState(invoice.bill_to.email ?? '');
  const [cc, setCc] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const check = () => {
    const found: Partial<Record<Field, string>> = {};
    if (!to.trim()) found.to = MESSAGES.required;
    else if (!isValidEmail(to.trim())) found.to = MESSAGES.invalidEmail;
    if (cc.trim() && !isValidEmail(cc.trim())) found.cc = MESSAGES.invalidEmail;
    if (message.length > MESSAGE_MAX) found.message = maxLengthMessage(MESSAGE_MAX);
    return found;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await send.mutateAsync({
        to: to.trim(),
        ...(cc.trim() ? { cc: cc.trim() } : {}),
        ...(message.trim() ? { message: message.trim() } : {}),
      });
      toast.success(`${kindLabel(invoice)} ${invoice.number} sent to ${to.trim()}.`);
      onClose();
    } catch (error) {
      const shown: Partial<Record<Field, string>> = {};
      showServerFieldErrors(error, FIELDS, (field, text) => {
        shown[field as Field] ??= text;
      });
      setErrors(shown);
    }
  };

  return (
    <form
      noValidate
      aria-label={`Send ${invoice.number}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The PDF of {invoice.number} goes attached.
          {invoice.sent_at ? ' It was sent before: this sends it again.' : ''}
        </Text>
        <TextInput
          label="To"
          type="email"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={errors.to}
          description={invoice.bill_to.email ? undefined : 'The client has no e-mail address on file'}
          required
          data-autofocus
        />
        <TextInput
          label="Cc"
          type="email"
          value={cc}
          onChange={(event) => setCc(event.currentTarget.value)}
          error={errors.cc}
        />
        <Textarea
          label="Message"
          placeholder={`Please find attached ${kindLabel(invoice).toLowerCase()} ${invoice.number}.`}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          rows={4}
          resize="vertical"
          error={errors.message}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
