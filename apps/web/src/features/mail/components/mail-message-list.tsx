import type { MailMessageSummary } from '@app/shared/mail/mail.schemas';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { addressLabel } from '../../../lib/mail/mail-addresses.ts';
import { formatMailDate, formatMailDateTime } from '../../../lib/mail/mail-dates.ts';
import { AttachmentMark, MailLinkBadges } from '../../../ui/mail/mail-marks.tsx';
import classes from './mail-message-list.module.css';

/** Who a row names: the sender of an incoming message, the recipients of one we sent. */
export function rowPerson(m: MailMessageSummary): string {
  if (m.direction === 'out') return `To: ${m.to.map(addressLabel).join(', ') || '—'}`;
  return addressLabel(m.from);
}

/**
 * The messages of the view, unread first (bold, with a dot), then newest. A listbox: arrows or
 * j/k move, Enter opens, a click opens; the open one is marked selected.
 */
export function MailMessageList({
  rows,
  selected,
  onOpen,
  total,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  rows: readonly MailMessageSummary[];
  selected: number | null;
  onOpen: (id: number) => void;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const focusRow = (index: number) => {
    const el = listRef.current?.querySelectorAll<HTMLElement>('[role="option"]')[index];
    el?.focus();
  };
  // the open message stays in view (j/k on the page, a link)
  useEffect(() => {
    if (selected === null) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-id="${selected}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rowsEls = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? []);
    const index = rowsEls.indexOf(document.activeElement as HTMLElement);
    const key = event.key;
    if (key === 'ArrowDown' || key === 'j') {
      event.preventDefault();
      event.stopPropagation();
      focusRow(Math.min(rows.length - 1, index + 1));
    } else if (key === 'ArrowUp' || key === 'k') {
      event.preventDefault();
      event.stopPropagation();
      focusRow(Math.max(0, index - 1));
    } else if (key === 'Home') {
      event.preventDefault();
      focusRow(0);
    } else if (key === 'End') {
      event.preventDefault();
      focusRow(rows.length - 1);
    } else if ((key === 'Enter' || key === ' ') && index >= 0) {
      event.preventDefault();
      event.stopPropagation();
      const row = rows[index];
      if (row) onOpen(row.id);
    }
  };

  const focusedIndex = Math.max(
    0,
    rows.findIndex((r) => r.id === selected),
  );

  return (
    <Stack gap={0}>
      <div ref={listRef} role="listbox" aria-label="Messages" className={classes.list} onKeyDown={onKeyDown}>
        {rows.map((m, index) => {
          const subject = m.subject.trim() || '(no subject)';
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys for its options
            <div
              key={m.id}
              role="option"
              tabIndex={index === focusedIndex ? 0 : -1}
              aria-selected={m.id === selected}
              data-id={m.id}
              data-unread={m.seen ? undefined : 'true'}
              className={classes.row}
              onClick={() => onOpen(m.id)}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={m.seen ? 400 : 700} truncate="end" style={{ minWidth: 0 }}>
                  {rowPerson(m)}
                </Text>
                <Text
                  size="xs"
                  c={m.seen ? 'dimmed' : 'blue.8'}
                  fw={m.seen ? 400 : 600}
                  title={formatMailDateTime(m.date)}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {formatMailDate(m.date)}
                </Text>
              </Group>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={m.seen ? 400 : 700} truncate="end" style={{ minWidth: 0, flex: 1 }}>
                  {subject}
                </Text>
                {m.has_attachments ? <AttachmentMark /> : null}
              </Group>
              {m.snippet ? (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {m.snippet}
                </Text>
              ) : null}
              {m.client || m.request ? (
                <Group mt={4} gap={4}>
                  <MailLinkBadges message={m} size="xs" links={false} />
                </Group>
              ) : null}
              {m.seen ? null : (
                <Text span className="visually-hidden" style={hidden}>
                  Unread
                </Text>
              )}
            </div>
          );
        })}
      </div>
      <Group justify="space-between" p="xs" gap="xs">
        <Text size="xs" c="dimmed" data-testid="mail-total">
          {rows.length} of {total}
        </Text>
        {hasMore ? (
          <Button size="compact-sm" variant="subtle" onClick={onLoadMore} loading={loadingMore}>
            Load more
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function MailListLoading() {
  return (
    <Group gap="xs" p="md">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        Loading messages…
      </Text>
    </Group>
  );
}
