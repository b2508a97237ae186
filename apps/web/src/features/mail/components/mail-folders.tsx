import type { Mailbox, MailFolder } from '@app/shared/mail/mail.schemas';
import { Badge, Button, Group, Loader, NavLink, Select, Stack, Text } from '@mantine/core';
import { MailIcon, type MailIconName } from '../../../ui/mail/mail-icons.tsx';

/** Inbox, then Sent, then the others by name. */
export function sortFolders(folders: readonly MailFolder[]): MailFolder[] {
  const rank = (f: MailFolder) => (f.role === 'inbox' ? 0 : f.role === 'sent' ? 1 : 2);
  return [...folders].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** The special folders by their role (servers name them `INBOX`, `Sent Items`, …), the rest as the server does. */
export const folderLabel = (f: MailFolder): string =>
  f.role === 'inbox' ? 'Inbox' : f.role === 'sent' ? 'Sent' : f.name;

const iconOf = (f: MailFolder): MailIconName =>
  f.role === 'inbox' ? 'inbox' : f.role === 'sent' ? 'sent' : 'folder';

function Count({ n, label }: { n: number; label: string }) {
  if (n <= 0) return null;
  return (
    <Badge size="sm" variant="filled" color="blue" aria-label={`${n} ${label}`} circle={n < 10}>
      {n}
    </Badge>
  );
}

const ALL = 'all';

/** The mailbox choice: each mailbox (with its unread), and "All mailboxes" when the view allows it. */
function mailboxOptions(mailboxes: readonly Mailbox[], allowAll: boolean) {
  return [
    ...(allowAll ? [{ value: ALL, label: 'All mailboxes' }] : []),
    ...mailboxes.map((m) => ({
      value: String(m.id),
      label: m.unread > 0 ? `${m.name} (${m.unread})` : m.name,
    })),
  ];
}

/**
 * The mailbox to read (a choice when there are several, its name otherwise) and its folders.
 * `mailbox` null is every mailbox (a record's mail): only "All mail" then.
 */
export function MailFolders({
  mailboxes,
  mailbox,
  onMailbox,
  allowAll = false,
  folders,
  foldersPending,
  foldersFailed,
  folder,
  onFolder,
  inline = false,
}: {
  mailboxes: readonly Mailbox[];
  mailbox: Mailbox | null;
  onMailbox: (id: number | null) => void;
  /** "All mailboxes" among the choices (the view is narrowed to a record). */
  allowAll?: boolean;
  folders: readonly MailFolder[] | undefined;
  foldersPending: boolean;
  foldersFailed: boolean;
  folder: number | 'all' | null;
  onFolder: (folder: number | 'all') => void;
  /** A narrower window: the mailbox and its folders on one row. */
  inline?: boolean;
}) {
  const items = [
    ...sortFolders(mailbox ? (folders ?? []) : []).map((f) => ({
      key: String(f.id),
      value: f.id as number | 'all',
      label: folderLabel(f),
      icon: iconOf(f),
      unread: f.unread,
    })),
    { key: 'all', value: 'all' as const, label: 'All mail', icon: 'all' as MailIconName, unread: 0 },
  ];
  const state = !mailbox ? null : foldersPending ? (
    <Group gap="xs" p="xs">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        Loading folders…
      </Text>
    </Group>
  ) : foldersFailed ? (
    <Text size="sm" c="red.8" p="xs">
      The folders could not be loaded.
    </Text>
  ) : null;
  const choose = mailboxes.length > 1 || (allowAll && mailbox === null);
  const chosen = mailbox ? String(mailbox.id) : ALL;
  const onChoose = (value: string | null) => value && onMailbox(value === ALL ? null : Number(value));
  if (inline) {
    return (
      <Group gap="sm" wrap="wrap" align="center">
        {choose ? (
          <Select
            aria-label="Mailbox"
            w={220}
            data={mailboxOptions(mailboxes, allowAll)}
            value={chosen}
            onChange={onChoose}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Text fw={600} size="sm" data-testid="mailbox-name" title={mailbox?.address}>
            {mailbox?.name ?? 'All mailboxes'}
          </Text>
        )}
        <nav aria-label="Folders">
          {state ?? (
            <Group gap={4} wrap="wrap">
              {items.map((item) => (
                <Button
                  key={item.key}
                  size="compact-sm"
                  variant={folder === item.value ? 'light' : 'subtle'}
                  color={folder === item.value ? 'blue' : 'gray'}
                  aria-current={folder === item.value ? 'page' : undefined}
                  leftSection={<MailIcon name={item.icon} />}
                  rightSection={<Count n={item.unread} label="unread" />}
                  onClick={() => onFolder(item.value)}
                >
                  {item.label}
                </Button>
              ))}
            </Group>
          )}
        </nav>
        {!mailbox ? null : !mailbox.enabled ? (
          <Text size="xs" c="dimmed">
            Sync and sending are off: the mailbox is disabled until an Admin enables it.
          </Text>
        ) : mailbox.last_error ? (
          <Text size="xs" c="red.8" title={mailbox.last_error} lineClamp={1} maw={360}>
            Last sync failed: {mailbox.last_error}
          </Text>
        ) : null}
      </Group>
    );
  }
  return (
    <Stack gap="xs">
      {choose ? (
        <Select
          label="Mailbox"
          data={mailboxOptions(mailboxes, allowAll)}
          value={chosen}
          onChange={onChoose}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <Stack gap={0}>
          <Text fw={600} size="sm" data-testid="mailbox-name">
            {mailbox?.name ?? 'All mailboxes'}
          </Text>
          {mailbox ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {mailbox.address}
            </Text>
          ) : null}
        </Stack>
      )}
      {!mailbox ? null : !mailbox.enabled ? (
        <Text size="xs" c="dimmed">
          Sync and sending are off: the mailbox is disabled until an Admin enables it.
        </Text>
      ) : mailbox.last_error ? (
        <Text size="xs" c="red.8" title={mailbox.last_error} lineClamp={2}>
          Last sync failed: {mailbox.last_error}
        </Text>
      ) : null}
      <nav aria-label="Folders">
        {state ??
          items.map((item) => (
            <NavLink
              key={item.key}
              component="button"
              label={item.label}
              active={folder === item.value}
              aria-current={folder === item.value ? 'page' : undefined}
              leftSection={<MailIcon name={item.icon} />}
              rightSection={<Count n={item.unread} label="unread" />}
              onClick={() => onFolder(item.value)}
              fw={item.unread > 0 ? 600 : undefined}
              py={6}
            />
          ))}
      </nav>
    </Stack>
  );
}
