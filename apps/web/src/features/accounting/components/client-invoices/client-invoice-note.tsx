import type { InvoiceRecord } from '@app/shared/accounting/invoices.schemas';
import { maxLengthMessage } from '@app/shared/validation/messages';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { fieldErrors, isHttpError } from '../../../../lib/http/http-error.ts';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useUpdateClientInvoice } from '../../api/client-invoices/update-client-invoice.ts';
import { STALE_INVOICE_MESSAGE } from './client-invoice-credit-dialog.tsx';

const NOTE_MAX = 2000;

/** The team's note on the document: the one thing that can change on it, and never printed. */
export function ClientInvoiceNote({ invoice, onReload }: { invoice: InvoiceRecord; onReload: () => void }) {
  return <NoteForm key={`${invoice.id}-${invoice.version}`} invoice={invoice} onReload={onReload} />;
}

function NoteForm({ invoice, onReload }: { invoice: InvoiceRecord; onReload: () => void }) {
  const update = useUpdateClientInvoice(invoice.id);
  const saved = invoice.internal_note ?? '';
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const changed = text.trim() !== saved.trim();

  const save = async () => {
    if (text.length > NOTE_MAX) {
      setError(maxLengthMessage(NOTE_MAX));
      return;
    }
    setError(null);
    setStale(false);
    try {
      await update.mutateAsync({ internal_note: text.trim() ? text.trim() : null, version: invoice.version });
      toast.success('Note saved.');
    } catch (caught) {
      if (isHttpError(caught) && caught.status === 409) setStale(true);
      else setError(fieldErrors(caught).internal_note ?? null);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="note-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="note-title">
            Internal note
          </Title>
          {stale ? (
            <Alert color="orange" role="alert" title="Changed meanwhile">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{STALE_INVOICE_MESSAGE}</Text>
                <Button size="xs" variant="default" onClick={onReload}>
                  Reload
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <Textarea
            aria-label="Internal note"
            description="For the team; never printed on the document"
            placeholder="No note"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
            rows={2}
            resize="vertical"
          />
          {changed ? (
            <Group justify="flex-end" gap="sm">
              <Button variant="default" size="xs" onClick={() => setText(saved)} disabled={update.isPending}>
                Discard
              </Button>
              <Button type="submit" size="xs" loading={update.isPending}>
                Save note
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
