import type { Mailbox } from '@app/shared/mail/mail.schemas';
import { Badge, Button, Drawer, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format/format-date.ts';
import { errorDetail } from '../../../lib/http/http-error.ts';
import { useMailboxes } from '../../../lib/mail/list-mailboxes.ts';
import { useRegionList } from '../../../lib/regions/list-regions.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useSyncMailbox } from '../api/sync-mailbox.ts';
import { MailboxForm } from './mailbox-form.tsx';

type Editing = { office: { id: number; title: string }; mailbox: Mailbox | null };

/** The Admin's mailboxes: one per office, each set up, edited, tested and synced from here. */
export function MailboxesDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => {
    setEditing(null);
    onClose();
  };
  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size="xl"
      title={
        editing ? `${editing.mailbox ? 'Mailbox' : 'New mailbox'} · ${editing.office.title}` : 'Mailboxes'
      }
      closeOnClickOutside={editing === null}
    >
      {editing ? (
        <MailboxForm
          key={`${editing.office.id}-${editing.mailbox?.id ?? 'new'}`}
          mailbox={editing.mailbox}
          office={editing.office}
          onDone={() => setEditing(null)}
        />
      ) : opened ? (
        <MailboxList onEdit={setEditing} />
      ) : null}
    </Drawer>
  );
}

function MailboxList({ onEdit }: { onEdit: (editing: Editing) => void }) {
  const offices = useRegionList({ limit: 100 });
  const mailboxes = useMailboxes();
  if (offices.isPending || mailboxes.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      </Group>
    );
  }
  if (offices.isError || mailboxes.isError) {
    return (
      <Text size="sm" c="red.8" role="alert">
        The mailboxes could not be loaded.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Each office has one shared mailbox. Its staff read and send the office’s mail; an Admin reads all.
      </Text>
      {offices.data.data.map((office) => {
        const mailbox = mailboxes.data.find((m) => m.office.id === office.id) ?? null;
        return (
          <OfficeMailbox
            key={office.id}
            office={{ id: office.id, title: office.title }}
            mailbox={mailbox}
            onEdit={() => onEdit({ office: { id: office.id, title: office.title }, mailbox })}
          />
        );
      })}
    </Stack>
  );
}

function OfficeMailbox({
  office,
  mailbox,
  onEdit,
}: {
  office: { id: number; title: string };
  mailbox: Mailbox | null;
  onEdit: () => void;
}) {
  const sync = useSyncMailbox();
  const syncNow = async () => {
    if (!mailbox) return;
    // a refusal (disabled, unreachable) says the server's words; the mailbox keeps them as its last error
    const result = await sync.mutateAsync(mailbox.id).catch((error: unknown) => {
      const detail = errorDetail(error);
      if (detail) toast.error(detail, `${mailbox.name}: sync failed`);
      return null;
    });
    if (!result) return;
    const stored =
      result.stored === 0
        ? `${mailbox.name}: no new messages`
        : `${mailbox.name}: ${result.stored} new ${result.stored === 1 ? 'message' : 'messages'}`;
    // a long first sync goes on in the background after the call's few seconds
    toast.success(result.more ? `${stored} so far; the rest follows in the background.` : `${stored}.`);
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={`Mailbox of ${office.title}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Title order={3} size="h5">
              {office.title}
            </Title>
            {mailbox ? (
              <Text size="sm">
                {mailbox.name} · {mailbox.address}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                No mailbox yet.
              </Text>
            )}
          </Stack>
          {mailbox ? (
            <Badge color={mailbox.enabled ? 'green' : 'gray'} variant="light">
              {mailbox.enabled ? 'Enabled' : 'Disabled'}
            </Badge>
          ) : null}
        </Group>
        {mailbox ? (
          <>
            <Text size="xs" c="dimmed">
              IMAP {mailbox.imap_host}:{mailbox.imap_port} · SMTP {mailbox.smtp_host}:{mailbox.smtp_port}
            </Text>
            <Text size="xs" c="dimmed">
              Last synced: {mailbox.last_synced_at ? formatDateTime(mailbox.last_synced_at) : 'never'}
            </Text>
            {mailbox.last_error ? (
              <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                Last error: {mailbox.last_error}
              </Text>
            ) : null}
          </>
        ) : null}
        <Group gap="sm">
          <Button size="xs" variant={mailbox ? 'default' : 'filled'} onClick={onEdit}>
            {mailbox ? 'Edit' : 'Set up a mailbox'}
          </Button>
          {mailbox ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => void syncNow()}
              loading={sync.isPending}
              disabled={!mailbox.enabled}
              title={mailbox.enabled ? undefined : 'Enable the mailbox first'}
            >
              Sync now
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
