import { MAIL_ATTACHMENTS_MAX_BYTES, MAIL_SUBJECT_MAX, type Mailbox } from '@app/shared/mail/mail.schemas';
import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  FileButton,
  Group,
  Input,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import type { UploadInput } from '../../lib/documents/use-uploads.ts';
import { errorDetail, fieldErrors, isHttpError } from '../../lib/http/http-error.ts';
import { useMailboxes } from '../../lib/mail/list-mailboxes.ts';
import { formatBytes } from '../../lib/mail/mail-addresses.ts';
import {
  attachmentsSize,
  type DraftProblems,
  draftProblems,
  forwardedAttachments,
  forwardedHeaders,
  type MailDraft,
  sendFields,
} from '../../lib/mail/mail-compose.ts';
import { useSendMailMessage } from '../../lib/mail/send-mail-message.ts';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx';
import { FileDropZone } from '../documents/file-drop-zone.tsx';
import { DialogFooter } from '../form/dialog-footer.tsx';
import { toast } from '../toasts/toast-store.ts';
import { MailIcon } from './mail-icons.tsx';

const TITLES: Record<MailDraft['mode'], string> = {
  new: 'New message',
  reply: 'Reply',
  replyAll: 'Reply all',
  forward: 'Forward',
};

export const mailboxLabel = (m: Pick<Mailbox, 'name' | 'address'>) => `${m.name} <${m.address}>`;

/**
 * Compose, reply or forward (`draft`; null is closed). The draft is checked before it goes (the
 * recipients, the 25 MB bound on attachments); a send the server refuses keeps the dialog open
 * with everything typed and says why in the SMTP server's words.
 */
export function MailComposeDialog({
  draft,
  onClose,
  onSent,
}: {
  draft: MailDraft | null;
  onClose: () => void;
  onSent?: () => void;
}) {
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // a new draft starts clean
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset for each new draft
  useEffect(() => {
    setDirty(false);
    setAsking(false);
  }, [draft]);
  const close = () => {
    if (busy) return;
    // asked after this key press or click: the Escape that asks must not also answer
    if (dirty) window.setTimeout(() => setAsking(true), 0);
    else onClose();
  };
  // leaving the page (reload, a drop the browser would open, closing the tab) asks first
  const open = draft !== null;
  useEffect(() => {
    if (!open || !dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [open, dirty]);
  // a file dropped beside the form is not opened by the browser in place of the page
  useEffect(() => {
    if (!open) return;
    const keep = (event: globalThis.DragEvent) => {
      if (event.dataTransfer && Array.from(event.dataTransfer.types).includes('Files'))
        event.preventDefault();
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, [open]);
  return (
    <>
      <Modal
        opened={draft !== null}
        onClose={close}
        title={draft ? TITLES[draft.mode] : ''}
        size="xl"
        closeOnClickOutside={false}
        closeOnEscape={!asking}
      >
        {draft ? (
          <ComposeForm
            initial={draft}
            onDirty={() => setDirty(true)}
            onBusy={setBusy}
            onCancel={close}
            onSent={() => {
              onClose();
              onSent?.();
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={asking}
        title="Discard this draft?"
        confirmLabel="Discard"
        cancelLabel="Keep writing"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
      >
        What you typed will be lost.
      </ConfirmDialog>
    </>
  );
}

const SERVER_FIELDS = ['mailbox', 'to', 'cc', 'attachments'] as const;

function ComposeForm({
  initial,
  onDirty,
  onBusy,
  onCancel,
  onSent,
}: {
  initial: MailDraft;
  onDirty: () => void;
  onBusy: (busy: boolean) => void;
  onCancel: () => void;
  onSent: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [attached, setAttachedState] = useState<{ key: number; file: File }[]>([]);
  const nextKey = useRef(0);
  const files = attached.map((a) => a.file);
  const [problems, setProblems] = useState<DraftProblems>({});
  const [fieldNotes, setFieldNotes] = useState<Partial<Record<'subject' | 'text', string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = useSendMailMessage();
  const mailboxes = useMailboxes();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();

  // a reply is typed above the quote: the dialog focuses the text, the caret goes to its start
  const replying = initial.mode === 'reply' || initial.mode === 'replyAll';
  const caretPlaced = useRef(false);
  const placeCaret = () => {
    const area = textRef.current;
    if (!replying || caretPlaced.current || !area) return;
    caretPlaced.current = true;
    area.setSelectionRange(0, 0);
    area.scrollTop = 0;
  };

  const change = (patch: Partial<MailDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setRefusal(null);
    onDirty();
    setProblems((p) => {
      const next = { ...p };
      for (const key of Object.keys(patch)) delete next[key as keyof DraftProblems];
      return next;
    });
  };
  const setAttached = (next: { key: number; file: File }[]) => {
    setAttachedState(next);
    setRefusal(null);
    onDirty();
    setProblems((p) => ({ ...p, attachments: undefined }));
  };
  const addFiles = (list: readonly UploadInput[]) => {
    if (list.length === 0) return;
    const folders = list.filter((f) => f.isDirectory).map((f) => f.file.name);
    const added = list.filter((f) => !f.isDirectory).map(({ file }) => ({ key: nextKey.current++, file }));
    if (added.length > 0) setAttached([...attached, ...added]);
    if (folders.length > 0) setProblems((p) => ({ ...p, attachments: folderRefusal(folders) }));
  };

  const size = attachmentsSize(draft, files);
  const tooLarge = size > MAIL_ATTACHMENTS_MAX_BYTES;
  const forwarded = draft.mode === 'forward' ? (draft.parent?.attachments.filter((a) => a.stored) ?? []) : [];
  const carried = forwardedAttachments(draft);
  const boxes = mailboxes.data ?? [];
  const mailbox = boxes.find((m) => m.id === draft.mailbox) ?? null;
  const chooseMailbox = draft.mode === 'new' && boxes.length > 1;

  const submit = async () => {
    const found = draftProblems(draft, files);
    setProblems(found);
    setFieldNotes({});
    if (Object.values(found).some(Boolean)) return;
    setRefusal(null);
    onBusy(true);
    try {
      await send.mutateAsync({ fields: sendFields(draft), files });
      toast.success('The message was sent.');
      onSent();
    } catch (error) {
      const fields = fieldErrors(error);
      const shown: DraftProblems = {};
      for (const key of SERVER_FIELDS) if (fields[key]) shown[key] = fields[key];
      setProblems(shown);
      setFieldNotes({ subject: fields.subject, text: fields.text });
      const named = Object.keys(fields).filter(
        (k) => !(SERVER_FIELDS as readonly string[]).includes(k) && k !== 'subject' && k !== 'text',
      );
      const detail =
        errorDetail(error) ??
        (isHttpError(error) && error.status === 413
          ? 'The attachments are too large to send.'
          : named.length > 0
            ? named.map((k) => `${k}: ${fields[k]}`).join('; ')
            : Object.keys(fields).length > 0
              ? null
              : 'The message was not sent.');
      setRefusal(detail);
    } finally {
      onBusy(false);
    }
  };

  return (
    <FileDropZone onFiles={addFiles} dropText="Drop to attach to this message" testId="compose-drop">
      <form
        noValidate
        aria-label={TITLES[initial.mode]}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          {chooseMailbox ? (
            <Select
              label="From"
              required
              data={boxes.map((m) => ({
                value: String(m.id),
                label: m.enabled ? mailboxLabel(m) : `${mailboxLabel(m)} (disabled)`,
                disabled: !m.enabled,
              }))}
              value={draft.mailbox === null ? null : String(draft.mailbox)}
              onChange={(value) => change({ mailbox: value === null ? null : Number(value) })}
              error={problems.mailbox}
              allowDeselect={false}
            />
          ) : (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={500} w={40}>
                From
              </Text>
              <Text size="sm" c={mailbox ? undefined : 'dimmed'} data-testid="compose-from">
                {mailbox ? mailboxLabel(mailbox) : mailboxes.isPending ? 'Loading…' : 'The office mailbox'}
              </Text>
            </Group>
          )}
          <TextInput
            label="To"
            required
            data-autofocus={initial.mode === 'new' || initial.mode === 'forward' ? true : undefined}
            value={draft.to}
            onChange={(e) => change({ to: e.currentTarget.value })}
            error={problems.to}
            placeholder="name@example.com, another@example.com"
            autoComplete="off"
          />
          <TextInput
            label="Cc"
            value={draft.cc}
            onChange={(e) => change({ cc: e.currentTarget.value })}
            error={problems.cc}
            autoComplete="off"
          />
          <TextInput
            label="Subject"
            value={draft.subject}
            maxLength={MAIL_SUBJECT_MAX}
            onChange={(e) => change({ subject: e.currentTarget.value })}
            error={fieldNotes.subject}
          />
          <Textarea
            label={initial.mode === 'forward' ? 'Message (the forwarded one follows)' : 'Message'}
            ref={textRef}
            data-autofocus={replying ? true : undefined}
            onFocus={placeCaret}
            autosize
            minRows={8}
            maxRows={18}
            value={draft.text}
            onChange={(e) => change({ text: e.currentTarget.value })}
            error={fieldNotes.text}
          />
          {draft.mode === 'forward' && draft.parent ? (
            <Box
              component="section"
              aria-label="The forwarded message"
              p="xs"
              mah={160}
              style={{
                overflowY: 'auto',
                borderLeft: '3px solid var(--mantine-color-gray-3)',
                background: 'var(--mantine-color-gray-0)',
              }}
            >
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {[
                  '---------- Forwarded message ----------',
                  ...forwardedHeaders(draft.parent),
                  '',
                  draft.parent.text,
                ].join('\n')}
              </Text>
            </Box>
          ) : null}
          <Input.Wrapper
            label="Attachments"
            id={`${ids}-attachments`}
            description={
              size === 0
                ? `Up to ${formatBytes(MAIL_ATTACHMENTS_MAX_BYTES)} in total`
                : `${formatBytes(size)} of ${formatBytes(MAIL_ATTACHMENTS_MAX_BYTES)}`
            }
            error={problems.attachments}
          >
            <Box
              mt={4}
              p="sm"
              style={{
                border: `1px dashed var(--mantine-color-${tooLarge ? 'red-6' : 'gray-4'})`,
                borderRadius: 'var(--mantine-radius-md)',
                background: 'var(--mantine-color-gray-0)',
              }}
            >
              <Stack gap={6}>
                {forwarded.length > 0 ? (
                  <Checkbox
                    label={`Include the original attachments (${forwarded.length}, ${formatBytes(
                      forwarded.reduce((s, a) => s + a.size, 0),
                    )})`}
                    checked={draft.forwardAttachments}
                    onChange={(e) => change({ forwardAttachments: e.currentTarget.checked })}
                  />
                ) : null}
                {carried.map((a) => (
                  <Group key={`fwd-${a.n}`} gap="xs" wrap="nowrap">
                    <MailIcon name="attachment" size={14} />
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {a.filename}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatBytes(a.size)}
                    </Text>
                  </Group>
                ))}
                {attached.map(({ key, file }) => (
                  <Group key={key} gap="xs" wrap="nowrap" data-testid="compose-file">
                    <MailIcon name="attachment" size={14} />
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {file.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatBytes(file.size)}
                    </Text>
                    <CloseButton
                      size="sm"
                      aria-label={`Remove ${file.name}`}
                      onClick={() => setAttached(attached.filter((a) => a.key !== key))}
                    />
                  </Group>
                ))}
                <Group gap="sm">
                  <FileButton multiple onChange={(picked) => addFiles(picked.map((file) => ({ file })))}>
                    {(props) => (
                      <Button {...props} variant="default" size="xs">
                        Attach files
                      </Button>
                    )}
                  </FileButton>
                  <Text size="xs" c="dimmed">
                    or drop them on this message
                  </Text>
                </Group>
              </Stack>
            </Box>
          </Input.Wrapper>
          <DialogFooter
            refusal={refusal}
            refusalTitle="Not sent"
            submitLabel="Send"
            submitting={send.isPending}
            onClose={onCancel}
          />
        </Stack>
      </form>
    </FileDropZone>
  );
}

/** A dropped folder cannot be sent: its files can. */
export const folderRefusal = (names: readonly string[]) =>
  `${names.length === 1 ? `"${names[0]}" is a folder` : `${names.map((n) => `"${n}"`).join(', ')} are folders`}: attach the files in it instead.`;
