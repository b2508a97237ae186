import { MAIL_MESSAGES } from '@app/shared/mail/mail.messages';
import type { MailAttachment, MailMessage } from '@app/shared/mail/mail.schemas';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { isHttpError } from '../../lib/http/http-error.ts';
import { downloadMailAttachment } from '../../lib/mail/download-mail-attachment.ts';
import { MAIL_MESSAGE_GONE_STATUSES, useMailMessage } from '../../lib/mail/get-mail-message.ts';
import { useMailboxes } from '../../lib/mail/list-mailboxes.ts';
import { addressLabel, formatAddress, formatBytes } from '../../lib/mail/mail-addresses.ts';
import { forwardDraft, type MailDraft, replyDraft } from '../../lib/mail/mail-compose.ts';
import { formatMailDateTime } from '../../lib/mail/mail-dates.ts';
import { useUpdateMailMessage } from '../../lib/mail/update-mail-message.ts';
import { inlineAttachmentNumbers, useInlineImages } from '../../lib/mail/use-inline-images.ts';
import { MailHtmlFrame } from './mail-html-frame.tsx';
import { MailIcon } from './mail-icons.tsx';
import { MailLinkDialog } from './mail-link-dialog.tsx';
import { MailLinkBadges } from './mail-marks.tsx';

/** What the reader says of a message that is gone or of another office (the server does not tell which). */
export const MAIL_GONE_TEXT = 'This message no longer exists or is not in your office’s mailbox.';

/**
 * One message: its headers, the links to a client and a request (changed here by hand), the body
 * (the sanitised HTML in a sandboxed frame, or the text), the attachments to download, and Reply,
 * Reply all, Forward, which hand a draft to `onCompose`. Opening an unread message marks it read
 * (once: "Mark unread" stays unread). Remount it (a `key`) for another message.
 */
export function MailReader({
  id,
  onCompose,
  onGone,
  headingLevel = 2,
  toolbarStart,
}: {
  id: number;
  onCompose: (draft: MailDraft) => void;
  /** The message is gone or not the reader's (after its text is shown). */
  onGone?: () => void;
  headingLevel?: 2 | 3;
  /** Shown first in the toolbar (the page's "Back to the list" on a phone). */
  toolbarStart?: ReactNode;
}) {
  const [images, setImages] = useState(false);
  const plain = useMailMessage(id, false);
  const withImages = useMailMessage(images ? id : null, true);
  const query = images && withImages.data ? withImages : plain;
  const message = query.data;
  const update = useUpdateMailMessage();
  const marked = useRef(false);

  useEffect(() => {
    if (!message || message.seen || marked.current) return;
    marked.current = true;
    update.mutate({ id: message.id, body: { seen: true } });
  }, [message, update.mutate]);

  const gone =
    isHttpError(plain.error) &&
    (MAIL_MESSAGE_GONE_STATUSES as readonly number[]).includes(plain.error.status);
  useEffect(() => {
    if (gone) onGone?.();
  }, [gone, onGone]);

  if (plain.isPending) {
    return (
      <Group gap="xs" p="md">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading the message…
        </Text>
      </Group>
    );
  }
  if (!message) {
    return (
      <Stack gap="sm" p="md" align="flex-start">
        {toolbarStart}
        <Text size="sm" c={gone ? 'dimmed' : 'red.8'} role="alert">
          {gone ? MAIL_GONE_TEXT : 'The message could not be loaded.'}
        </Text>
        {gone ? null : (
          <Button size="xs" variant="default" onClick={() => void plain.refetch()}>
            Try again
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Message
      message={message}
      onCompose={onCompose}
      headingLevel={headingLevel}
      toolbarStart={toolbarStart}
      imagesShown={images}
      loadingImages={images && withImages.isPending}
      onShowImages={() => setImages(true)}
      onMarkUnread={() => update.mutate({ id: message.id, body: { seen: false } })}
      onUnlink={(what) => update.mutate({ id: message.id, body: { [what]: null } })}
      busy={update.isPending}
    />
  );
}

function Message({
  message,
  onCompose,
  headingLevel,
  toolbarStart,
  imagesShown,
  loadingImages,
  onShowImages,
  onMarkUnread,
  onUnlink,
  busy,
}: {
  message: MailMessage;
  onCompose: (draft: MailDraft) => void;
  headingLevel: 2 | 3;
  toolbarStart?: ReactNode;
  imagesShown: boolean;
  loadingImages: boolean;
  onShowImages: () => void;
  onMarkUnread: () => void;
  onUnlink: (what: 'client' | 'request') => void;
  busy: boolean;
}) {
  const [linking, setLinking] = useState(false);
  const mailboxes = useMailboxes();
  const box = mailboxes.data?.find((m) => m.id === message.mailbox);
  const own = box?.address ?? '';
  // a disabled mailbox sends nothing: the answers wait for an Admin to enable it
  const cannotSend = box !== undefined && !box.enabled;
  const subject = message.subject.trim() || '(no subject)';

  return (
    <Stack gap="sm" component="article" aria-label={`Message ${subject}`}>
      <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Message actions">
        {toolbarStart}
        <Button
          size="xs"
          variant="light"
          leftSection={<MailIcon name="reply" />}
          onClick={() => onCompose(replyDraft(message, false, own))}
          disabled={cannotSend}
        >
          Reply
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<MailIcon name="replyAll" />}
          onClick={() => onCompose(replyDraft(message, true, own))}
          disabled={cannotSend}
        >
          Reply all
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<MailIcon name="forward" />}
          onClick={() => onCompose(forwardDraft(message))}
          disabled={cannotSend}
        >
          Forward
        </Button>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<MailIcon name="link" />}
          onClick={() => setLinking(true)}
        >
          Link
        </Button>
        {message.seen && message.direction === 'in' ? (
          <Button size="xs" variant="subtle" leftSection={<MailIcon name="unread" />} onClick={onMarkUnread}>
            Mark unread
          </Button>
        ) : null}
      </Group>
      {cannotSend ? <DisabledMailboxNote /> : null}
      <Title order={headingLevel} size="h4" style={{ overflowWrap: 'anywhere' }}>
        {subject}
      </Title>
      <Stack gap={2}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {addressLabel(message.from)}
            </Text>{' '}
            <Text span c="dimmed" size="sm">
              &lt;{message.from.address}&gt;
            </Text>
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatMailDateTime(message.date)}
          </Text>
        </Group>
        <AddressLine label="To" list={message.to} />
        {message.cc.length > 0 ? <AddressLine label="Cc" list={message.cc} /> : null}
      </Stack>
      <MailLinkBadges message={message} onUnlink={onUnlink} busy={busy} size="md" />
      <Divider />
      {message.remote_images && !imagesShown ? (
        <Alert color="gray" variant="light" p="xs" icon={<MailIcon name="image" />}>
          <Group gap="xs">
            <Text size="sm">Remote images are hidden</Text>
            <Text size="sm" c="dimmed" aria-hidden="true">
              ·
            </Text>
            <Anchor component="button" type="button" size="sm" onClick={onShowImages}>
              Show images
            </Anchor>
          </Group>
        </Alert>
      ) : null}
      {loadingImages ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading the images…
          </Text>
        </Group>
      ) : null}
      {message.html !== null ? (
        <HtmlBody message={message} remoteImages={imagesShown} title={`The message: ${subject}`} />
      ) : (
        <Box
          component="pre"
          m={0}
          fz="sm"
          ff="inherit"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="mail-text"
        >
          {message.text.trim() ? (
            message.text
          ) : (
            <Text span c="dimmed" size="sm">
              (no text)
            </Text>
          )}
        </Box>
      )}
      <Attachments message={message} />
      <MailLinkDialog message={message} opened={linking} onClose={() => setLinking(false)} />
    </Stack>
  );
}

/** The HTML once its embedded images are fetched (they need the token). */
function HtmlBody({
  message,
  remoteImages,
  title,
}: {
  message: MailMessage;
  remoteImages: boolean;
  title: string;
}) {
  const html = useInlineImages(message.id, message.html);
  if (html === null) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading the message…
        </Text>
      </Group>
    );
  }
  return <MailHtmlFrame html={html} remoteImages={remoteImages} title={title} />;
}

function AddressLine({ label, list }: { label: string; list: MailMessage['to'] }) {
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {label}: {list.length > 0 ? list.map(formatAddress).join(', ') : '—'}
    </Text>
  );
}

/** The attachments, but for the images the HTML shows in its text. */
function Attachments({ message }: { message: MailMessage }) {
  const inline = inlineAttachmentNumbers(message.html);
  const listed = message.attachments.filter((a) => !inline.has(a.n));
  if (listed.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label="Attachments">
      <Divider />
      <Text size="sm" fw={600}>
        {listed.length === 1 ? '1 attachment' : `${listed.length} attachments`}
      </Text>
      <Group gap="xs" wrap="wrap">
        {listed.map((a) => (
          <AttachmentChip key={a.n} message={message.id} attachment={a} />
        ))}
      </Group>
    </Stack>
  );
}

function AttachmentChip({ message, attachment }: { message: number; attachment: MailAttachment }) {
  const name = attachment.filename || `Attachment ${attachment.n}`;
  const chip = (
    <Group
      gap={6}
      wrap="nowrap"
      px="xs"
      py={4}
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <MailIcon name={attachment.stored ? 'download' : 'attachment'} size={14} />
      <Text size="sm" maw={260} truncate="end">
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {formatBytes(attachment.size)}
      </Text>
    </Group>
  );
  if (!attachment.stored) {
    return (
      <Tooltip label={MAIL_MESSAGES.attachmentNotStored} multiline w={260}>
        <Box aria-label={`${name} (not kept)`} c="dimmed">
          {chip}
        </Box>
      </Tooltip>
    );
  }
  return (
    <UnstyledButton
      onClick={() => void downloadMailAttachment(message, attachment)}
      aria-label={`Download ${name}`}
      c="blue.8"
    >
      {chip}
    </UnstyledButton>
  );
}

/** Why Compose, Reply and Forward are off: the mailbox is disabled. */
export function DisabledMailboxNote() {
  return (
    <Text size="xs" c="dimmed" data-testid="mailbox-disabled-note">
      The mailbox is disabled: nothing can be sent from it until an Admin enables it.
    </Text>
  );
}
