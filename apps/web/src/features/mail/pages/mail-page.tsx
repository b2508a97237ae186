import { isAdmin } from '@app/shared/auth/access';
import type { Mailbox } from '@app/shared/mail/mail.schemas';
import { Alert, Button, Checkbox, CloseButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMailMessage } from '../../../lib/mail/get-mail-message.ts';
import { useMailMessagePages } from '../../../lib/mail/list-mail-messages.ts';
import { useMailboxes } from '../../../lib/mail/list-mailboxes.ts';
import { type MailDraft, newDraft } from '../../../lib/mail/mail-compose.ts';
import { useMailNotices } from '../../../lib/mail/use-mail-notices.ts';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { FilterBox } from '../../../ui/list/list-filters.tsx';
import { ListSearchInput } from '../../../ui/list/list-search-input.tsx';
import { MailComposeDialog } from '../../../ui/mail/mail-compose-dialog.tsx';
import { MailIcon } from '../../../ui/mail/mail-icons.tsx';
import { MailReader } from '../../../ui/mail/mail-reader.tsx';
import { useMailFolders } from '../api/list-mail-folders.ts';
import { MailFolders } from '../components/mail-folders.tsx';
import { MailListLoading, MailMessageList } from '../components/mail-message-list.tsx';
import { listedFolder, mailListQuery, readsAllMailboxes, useMailView } from '../components/mail-view.ts';
import { MailboxesDrawer } from '../components/mailboxes-drawer.tsx';
import classes from './mail-page.module.css';

const PHONE = '(max-width: 48em)';
/** Below this the folders go on one row above the list (mail-page.module.css says the same). */
const NARROW = '(max-width: 75em)';

/** Keys typed in a field or a dialog are the field's, not the page's. */
function typingElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="listbox"]'))
    return true;
  return false;
}

/**
 * /mail (Admin, FO, BO): the mailbox and its folders, the messages (unread first, search, load
 * more), the open message and compose. The view is in the URL; `?message={id}` (a NewEmail notice)
 * opens that message in its mailbox and folder. An Admin also sets the mailboxes up here.
 */
export function MailPage() {
  const me = useSignedInUser();
  const admin = isAdmin(me);
  const mailboxes = useMailboxes();
  const [settings, setSettings] = useState(false);
  useMailNotices();

  const settingsButton = admin ? (
    <Button variant="default" leftSection={<MailIcon name="settings" />} onClick={() => setSettings(true)}>
      Mailboxes
    </Button>
  ) : null;
  const drawer = admin ? <MailboxesDrawer opened={settings} onClose={() => setSettings(false)} /> : null;

  if (mailboxes.isPending || mailboxes.isError || mailboxes.data.length === 0) {
    return (
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Mail agent
          </Title>
          {settingsButton}
        </Group>
        {mailboxes.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading mailboxes…
            </Text>
          </Group>
        ) : mailboxes.isError ? (
          <Group gap="sm">
            <Text size="sm" c="red.8" role="alert">
              The mailboxes could not be loaded.
            </Text>
            <Button size="xs" variant="default" onClick={() => void mailboxes.refetch()}>
              Try again
            </Button>
          </Group>
        ) : (
          <Alert color="gray" variant="light" title="No mailbox yet">
            {admin
              ? 'No office has a mailbox yet. Set one up for each office under Mailboxes.'
              : 'Your office has no mailbox yet: an Admin sets it up.'}
          </Alert>
        )}
        {drawer}
      </Stack>
    );
  }
  return (
    <>
      <MailWorkspace mailboxes={mailboxes.data} settingsButton={settingsButton} />
      {drawer}
    </>
  );
}

export default MailPage;

function MailWorkspace({
  mailboxes,
  settingsButton,
}: {
  mailboxes: Mailbox[];
  settingsButton: React.ReactNode;
}) {
  const { view, update } = useMailView();
  const [draft, setDraft] = useState<MailDraft | null>(null);
  const phone = useMediaQuery(PHONE) ?? false;
  const narrow = useMediaQuery(NARROW) ?? false;

  // a record's mail with no mailbox chosen: every mailbox (an Admin's record may be in either office)
  const everyMailbox = readsAllMailboxes(view);
  // at `?message=` with no mailbox (a notice's link, also while on /mail): once the message is
  // known, show its mailbox and folder. Opening from the list always writes the mailbox.
  const fromLink = view.mailbox === null && view.message !== null && !everyMailbox;
  const linked = useMailMessage(fromLink ? view.message : null);
  useEffect(() => {
    if (!fromLink || !linked.data || linked.data.id !== view.message) return;
    update({ mailbox: linked.data.mailbox, folder: linked.data.folder ?? 'all' }, { replace: true });
  }, [fromLink, linked.data, view.message, update]);

  const mailbox = everyMailbox
    ? null
    : (mailboxes.find((m) => m.id === view.mailbox) ?? mailboxes[0] ?? null);
  const folders = useMailFolders(mailbox?.id ?? null);
  const folder = everyMailbox
    ? 'all'
    : listedFolder(view, folders.data ?? (folders.isError ? [] : undefined));
  const params = useMemo(
    () =>
      (mailbox || everyMailbox) && folder !== null ? mailListQuery(view, mailbox?.id ?? null, folder) : null,
    [view, mailbox, everyMailbox, folder],
  );
  const pages = useMailMessagePages(params ?? {}, { enabled: params !== null });
  const rows = pages.rows;
  const total = pages.data?.pages.at(-1)?.meta.total ?? 0;

  // opening is a history entry (Back returns to the list on a phone); j / k replace it
  const mailboxId = mailbox?.id ?? null;
  const open = useCallback(
    (id: number, options: { replace?: boolean } = {}) =>
      update(mailboxId === null ? { message: id } : { mailbox: mailboxId, message: id }, options),
    [update, mailboxId],
  );
  const closeReader = useCallback(() => update({ message: null }, { replace: true }), [update]);

  // j / k anywhere on the page (not in a field): the next or previous message
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'j' && event.key !== 'k') return;
      if (event.altKey || event.ctrlKey || event.metaKey || typingElsewhere(event.target)) return;
      if (rows.length === 0) return;
      const index = rows.findIndex((r) => r.id === view.message);
      const next = event.key === 'j' ? Math.min(rows.length - 1, index + 1) : Math.max(0, index - 1);
      const row = rows[next];
      if (row && row.id !== view.message) {
        event.preventDefault();
        open(row.id, { replace: true });
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [rows, view.message, open]);

  const filtered = view.search !== '' || view.unread || view.client !== null || view.request !== null;
  const recordName = view.client !== null || view.request !== null ? recordOf(rows, view) : null;

  // nothing is sent from a disabled mailbox (an Admin enables it); every mailbox: the dialog chooses
  const usable = mailboxes.filter((m) => m.enabled);
  const composeOff = mailbox ? !mailbox.enabled : usable.length === 0;
  const compose = (
    <Button
      leftSection={<MailIcon name="compose" />}
      disabled={composeOff}
      title={composeOff ? 'The mailbox is disabled: an Admin must enable it to send.' : undefined}
      onClick={() =>
        setDraft(
          newDraft(mailbox?.id ?? (usable.length === 1 ? (usable[0]?.id ?? null) : null), {
            ...(view.client !== null ? { client: view.client } : {}),
            ...(view.request !== null ? { request: view.request } : {}),
          }),
        )
      }
    >
      Compose
    </Button>
  );

  const listPane = (
    <section className={classes.pane} aria-label="Message list">
      {pages.isPending || params === null ? (
        folders.isError ? null : (
          <MailListLoading />
        )
      ) : pages.isError ? (
        <Stack gap="xs" p="md" align="flex-start">
          <Text size="sm" c="red.8" role="alert">
            The messages could not be loaded.
          </Text>
          <Button size="xs" variant="default" onClick={() => void pages.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" p="md">
          {filtered ? 'No messages match these filters.' : 'No messages in this folder.'}
        </Text>
      ) : (
        <MailMessageList
          rows={rows}
          selected={view.message}
          onOpen={open}
          total={total}
          hasMore={pages.hasNextPage}
          loadingMore={pages.isFetchingNextPage}
          onLoadMore={() => void pages.loadMore()}
        />
      )}
    </section>
  );

  const readerPane = (
    <section className={`${classes.pane} ${classes.reader}`} aria-label="Reader">
      {view.message !== null ? (
        <MailReader
          key={view.message}
          id={view.message}
          onCompose={setDraft}
          toolbarStart={
            phone ? (
              <Button size="xs" variant="subtle" leftSection={<MailIcon name="back" />} onClick={closeReader}>
                Back to the list
              </Button>
            ) : null
          }
        />
      ) : (
        <Stack gap={4} p="md" align="center" justify="center" h="100%">
          <Text c="dimmed" size="sm">
            Select a message to read it.
          </Text>
          <Text c="dimmed" size="xs">
            j / k or the arrows move in the list, Enter opens.
          </Text>
        </Stack>
      )}
    </section>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1} size="h2">
          Mail agent
        </Title>
        <Group gap="sm">
          {settingsButton}
          {compose}
        </Group>
      </Group>
      <Group align="flex-end" gap="md" wrap="wrap">
        <FilterBox width={300}>
          <ListSearchInput
            value={view.search}
            onChange={(search) => update({ search, message: null })}
            placeholder="Sender, subject or text"
          />
        </FilterBox>
        <Checkbox
          label="Unread only"
          checked={view.unread}
          onChange={(e) => update({ unread: e.currentTarget.checked, message: null })}
          mb={8}
        />
        {recordName ? (
          <Group gap={4} mb={6} data-testid="mail-record-filter">
            <Text size="sm">{recordName}</Text>
            <CloseButton
              size="sm"
              aria-label="Show every message"
              onClick={() => update({ client: null, request: null, name: null })}
            />
          </Group>
        ) : null}
      </Group>
      <div className={classes.layout}>
        {phone && view.message !== null ? null : (
          <section className={`${classes.pane} ${classes.folders}`} aria-label="Mailbox">
            <MailFolders
              mailboxes={mailboxes}
              mailbox={mailbox}
              onMailbox={(id) =>
                update({
                  mailbox: id,
                  folder: view.client !== null || view.request !== null ? 'all' : null,
                  message: null,
                })
              }
              allowAll={view.client !== null || view.request !== null}
              folders={folders.data}
              foldersPending={folders.isPending}
              foldersFailed={folders.isError}
              folder={folder}
              onFolder={(f) => update({ mailbox: mailbox?.id ?? null, folder: f, message: null })}
              inline={narrow}
            />
          </section>
        )}
        {phone && view.message !== null ? null : listPane}
        {phone && view.message === null ? null : readerPane}
      </div>
      <MailComposeDialog draft={draft} onClose={() => setDraft(null)} />
    </Stack>
  );
}

/** "Linked to Ann Lee" when the list is narrowed to a record (named from a row that carries it). */
function recordOf(
  rows: readonly {
    client: { id: number; name: string } | null;
    request: { id: number; number: string } | null;
  }[],
  view: { client: number | null; request: number | null; name: string | null },
): string {
  if (view.request !== null) {
    const found = rows.find((r) => r.request?.id === view.request)?.request;
    return `Linked to request ${found?.number ?? view.name ?? `#${view.request}`}`;
  }
  const found = rows.find((r) => r.client?.id === view.client)?.client;
  return `Linked to client ${found?.name ?? view.name ?? `#${view.client}`}`;
}
