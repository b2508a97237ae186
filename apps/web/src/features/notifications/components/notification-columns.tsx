import type { Notification } from '@app/shared/notifications/notifications.schemas';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { createContext, useContext } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format/format-date.ts';
import classes from '../pages/notifications-page.module.css';
import { notificationHeading, notificationLink } from './notification-labels.ts';

/** What a row does, from the page: mark it read (the one on its way shows busy). */
export interface NotificationRowActions {
  /** The notification being marked read, if one is. */
  busy: number | null;
  markRead: (notification: Notification) => void;
  /** Opening a notification's link marks it read, without moving focus (the page changes). */
  opened: (notification: Notification) => void;
}

export const NotificationRowActionsContext = createContext<NotificationRowActions>({
  busy: null,
  markRead: () => {},
  opened: () => {},
});

function TitleCell({ n }: { n: Notification }) {
  const { opened } = useContext(NotificationRowActionsContext);
  const link = notificationLink(n);
  const { label, text } = notificationHeading(n.type, n.title);
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        {n.read ? null : <span className={classes.dot} aria-hidden="true" />}
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
      </Group>
      {link ? (
        <Link
          to={link}
          className={classes.title}
          data-unread={n.read ? undefined : 'true'}
          onClick={() => {
            if (!n.read) opened(n);
          }}
        >
          {text}
        </Link>
      ) : (
        <Text className={classes.title} data-unread={n.read ? undefined : 'true'}>
          {text}
        </Text>
      )}
    </Stack>
  );
}

function ReadCell({ n }: { n: Notification }) {
  const { busy, markRead } = useContext(NotificationRowActionsContext);
  if (n.read) {
    return (
      <Text size="sm" c="dimmed">
        Read
      </Text>
    );
  }
  const { text } = notificationHeading(n.type, n.title);
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={busy === n.id}
      aria-label={`Mark read: ${text}`}
      data-mark-read={n.id}
      onClick={() => markRead(n)}
    >
      Mark read
    </Button>
  );
}

/**
 * The page's columns, made once: their cells read the page's actions from context, so a change of
 * those (a mark read on its way) re-renders the cells instead of replacing them, and the button
 * that holds keyboard focus keeps it.
 */
export const NOTIFICATION_COLUMNS: ColumnDef<Notification, unknown>[] = [
  {
    id: 'title',
    header: 'Notification',
    cell: ({ row }) => <TitleCell n={row.original} />,
  },
  {
    id: 'created_at',
    header: 'Received',
    meta: { width: 170 },
    cell: ({ row }) => <Text size="sm">{formatDateTime(row.original.created_at)}</Text>,
  },
  {
    id: 'read',
    header: 'Status',
    meta: { width: 150, align: 'right' },
    cell: ({ row }) => <ReadCell n={row.original} />,
  },
];
