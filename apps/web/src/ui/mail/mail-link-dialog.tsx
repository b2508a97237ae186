import type { MailMessage, MailMessageUpdateBody } from '@app/shared/mail/mail.schemas';
import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorDetail } from '../../lib/http/http-error.ts';
import { useUpdateMailMessage } from '../../lib/mail/update-mail-message.ts';
import { DialogFooter } from '../form/dialog-footer.tsx';
import { Picker } from '../picker/picker.tsx';

/**
 * Link a message to a client and a request by hand (or change the links): the automatic linking
 * leaves a link made here alone. A request is looked for among the chosen client's.
 */
export function MailLinkDialog({
  message,
  opened,
  onClose,
}: {
  message: MailMessage;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Link this message" size="md">
      {opened ? <LinkForm message={message} onClose={onClose} /> : null}
    </Modal>
  );
}

function LinkForm({ message, onClose }: { message: MailMessage; onClose: () => void }) {
  const [client, setClient] = useState<number | null>(message.client?.id ?? null);
  const [request, setRequest] = useState<number | null>(message.request?.id ?? null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const update = useUpdateMailMessage();

  const body: MailMessageUpdateBody = {
    ...(client !== (message.client?.id ?? null) ? { client } : {}),
    ...(request !== (message.request?.id ?? null) ? { request } : {}),
  };
  const changed = Object.keys(body).length > 0;

  const save = async () => {
    if (!changed) {
      onClose();
      return;
    }
    setRefusal(null);
    try {
      await update.mutateAsync({ id: message.id, body, quiet: [400, 404] });
      onClose();
    } catch (error) {
      setRefusal(errorDetail(error) ?? 'The links could not be saved.');
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        The message shows on the pages of the client and the request it is linked to.
      </Text>
      <Picker
        label="Client"
        object="clients"
        displayField="named"
        placeholder="Search by name"
        value={client}
        onChange={(id) => {
          const next = id === null ? null : Number(id);
          // a request belongs to one client: the one chosen before may not be this client's
          if (next !== client) setRequest(null);
          setClient(next);
          setRefusal(null);
        }}
        initialItems={message.client ? [{ id: message.client.id, named: message.client.name }] : []}
      />
      <Picker
        label="Request"
        object="requests"
        params={{ ordering: '-created_at', ...(client !== null ? { client } : {}) }}
        displayField="number"
        extraField="status"
        placeholder="Search by number or client"
        value={request}
        onChange={(id) => {
          setRequest(id === null ? null : Number(id));
          setRefusal(null);
        }}
        initialItems={message.request ? [{ id: message.request.id, number: message.request.number }] : []}
      />
      <DialogFooter
        refusal={refusal}
        refusalTitle="Not linked"
        submitLabel="Save links"
        submitting={update.isPending}
        onClose={onClose}
        onSubmit={() => void save()}
      />
    </Stack>
  );
}
