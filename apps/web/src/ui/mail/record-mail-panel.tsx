import { canAccess } from '@app/shared/auth/access';
import { MAIL_ACCESS } from '@app/shared/mail/mail.access';
import type { MailMessageSummary } from '@app/shared/mail/mail.schemas';
import {
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useMailMessages } from '../../lib/mail/list-mail-messages.ts';
import { addressLabel } from '../../lib/mail/mail-addresses.ts';
import type { MailDraft } from '../../lib/mail/mail-compose.ts';
import { formatMailDate, formatMailDateTime } from '../../lib/mail/mail-dates.ts';
import { useSignedInUser } from '../../lib/session/current-user.ts';
import { MailComposeDialog } from './mail-compose-dialog.tsx';
import { AttachmentMark } from './mail-marks.tsx';
import { MailReader } from './mail-reader.tsx';

/** A record rarely has more messages than this; past it the panel says how many more there are. */
const PANEL_LIMIT = 20;

type RecordRef = { request: { id: number; number: string } } | { client: { id: number; name: string } };

/**
 * The messages linked to one request or client, on its page (issue 14), newest first; one opens
 * in a dialog with the mail page's reader, where it can be answered. Only for the roles that read
 * mail (others see nothing); the server shows each person their own office's messages.
 */
export function RecordMailPanel(props: RecordRef) {
  const me = useSignedInUser();
  if (!canAccess(me, MAIL_ACCESS)) return null;
  return <Panel {...props} />;
}

/** Newest first (the API puts unread first; on a record the order of time reads better). */
const byDate = (a: MailMessageSummary, b: MailMessageSummary) =>
  Date.parse(b.date) - Date.parse(a.date) || b.id - a.id;

function Panel(props: RecordRef) {
  const titleId = useId();
  const link = 'request' in props ? { request: props.request.id } : { client: props.client.id };
  const noun = 'request' in props ? 'request' : 'client';
  const messages = useMailMessages({ ...link, limit: PANEL_LIMIT, offset: 0 });
  const [open, setOpen] = useState<number | null>(null);
  const [draft, setDraft] = useState<MailDraft | null>(null);
  const rows = [...(messages.data?.data ?? [])].sort(byDate);
  const more = Math.max(0, (messages.data?.meta.total ?? 0) - rows.length);
  // every mailbox (no `mailbox=`), the record named as this page knows it
  const mailPage = `/mail?${new URLSearchParams({
    ...('request' in props
      ? { request: String(props.request.id), name: props.request.number }
      : { client: String(props.client.id), name: props.client.name }),
    folder: 'all',
  })}`;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h4" id={titleId}>
            Mail
          </Title>
          {rows.length > 0 ? (
            <Anchor component={Link} to={mailPage} size="sm">
              Open in Mail agent
            </Anchor>
          ) : null}
        </Group>
        {messages.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading messages…
            </Text>
          </Group>
        ) : messages.isError ? (
          <Group gap="sm">
            <Text size="sm" c="red.8" role="alert">
              The messages could not be loaded.
            </Text>
            <Button size="xs" variant="default" onClick={() => void messages.refetch()}>
              Try again
            </Button>
          </Group>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No messages linked to this {noun} yet.
          </Text>
        ) : (
          <>
            <MessageRows rows={rows} label={`Messages about this ${noun}`} onOpen={setOpen} />
            {more > 0 ? (
              <Anchor component={Link} to={mailPage} size="sm">
                and {more} more: see them in Mail agent
              </Anchor>
            ) : null}
          </>
        )}
      </Stack>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title="Message"
        size="xl"
        // the compose dialog on top takes Escape and outside clicks first
        closeOnEscape={draft === null}
        closeOnClickOutside={draft === null}
      >
        {open !== null ? <MailReader key={open} id={open} onCompose={setDraft} headingLevel={3} /> : null}
      </Modal>
      <MailComposeDialog draft={draft} onClose={() => setDraft(null)} />
    </Paper>
  );
}

function MessageRows({
  rows,
  label,
  onOpen,
}: {
  rows: MailMessageSummary[];
  label: string;
  onOpen: (id: number) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={6} aria-label={label} layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Subject</Table.Th>
            <Table.Th w={200}>From / to</Table.Th>
            <Table.Th w={100}>Date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((m) => {
            const subject = m.subject.trim() || '(no subject)';
            const who =
              m.direction === 'out' ? `To ${m.to.map(addressLabel).join(', ') || '—'}` : addressLabel(m.from);
            return (
              <Table.Tr key={m.id} data-unread={m.seen ? undefined : 'true'}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <UnstyledButton
                      onClick={() => onOpen(m.id)}
                      fz="sm"
                      fw={m.seen ? 500 : 700}
                      c="blue.8"
                      td="underline"
                      aria-label={`Open message ${subject}${m.seen ? '' : ' (unread)'}`}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {subject}
                    </UnstyledButton>
                    {m.has_attachments ? <AttachmentMark /> : null}
                  </Group>
                  {m.snippet ? (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {m.snippet}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={m.seen ? 400 : 700} lineClamp={1}>
                    {who}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" title={formatMailDateTime(m.date)} style={{ whiteSpace: 'nowrap' }}>
                    {formatMailDate(m.date)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
