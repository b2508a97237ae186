import type { Notification } from '@app/shared/notifications/notifications.schemas';
import { Badge, Button, Group, Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useId, useMemo } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format/format-date.ts';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { DataTable } from '../../../ui/list/data-table.tsx';
import { FilterBox } from '../../../ui/list/list-filters.tsx';
import { ListPageLayout } from '../../../ui/list/list-page-layout.tsx';
import { listTableProps } from '../../../ui/list/list-table-props.ts';
import { type ListStateApi, useListState } from '../../../ui/list/use-list-state.ts';
import { useNotifications } from '../api/list-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { setNotifyCounter } from '../api/notify-counter.ts';
import { notificationLabel, notificationLink, notificationText } from '../components/notification-labels.ts';
import { NOTIFICATIONS_LIST, notificationsQuery, shownOf } from '../components/notifications-filters.ts';
import classes from './notifications-page.module.css';

const SHOW_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
];

function ShowFilter({ list }: { list: ListStateApi }) {
  const labelId = useId();
  return (
    <FilterBox width={220}>
      <Input.Label id={labelId} component="div">
        Show
      </Input.Label>
      <SegmentedControl
        fullWidth
        role="radiogroup"
        aria-labelledby={labelId}
        data={SHOW_OPTIONS}
        value={shownOf(list.state)}
        onChange={(value) => list.setFilter('show', value === 'unread' ? 'unread' : null)}
      />
    </FilterBox>
  );
}

/**
 * The signed-in user's notifications, newest first: unread ones stand out and can be marked read
 * one by one or all at once; a notification about a record links to it (and opening it marks it
 * read). The bell follows every change, with the count the server answers.
 */
export function NotificationsPage() {
  const list = useListState(NOTIFICATIONS_LIST);
  const query = useMemo(() => notificationsQuery(list.state), [list.state]);
  const result = useNotifications(query);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const user = useSignedInUser();
  const client = useQueryClient();

  // the page's answer carries the unread count: the bell agrees with what the page shows
  const unread = result.isPlaceholderData ? undefined : result.data?.meta.unread;
  useEffect(() => {
    if (unread !== undefined) setNotifyCounter(client, unread);
  }, [unread, client]);
  const unreadCount = unread ?? user.notify_counter;

  const columns = useMemo<ColumnDef<Notification, unknown>[]>(
    () => [
      {
        id: 'title',
        header: 'Notification',
        cell: ({ row }) => {
          const n = row.original;
          const link = notificationLink(n);
          const title = notificationText(n.type, n.title) || notificationLabel(n.type);
          return (
            <Stack gap={2}>
              <Group gap={6} wrap="nowrap">
                {n.read ? null : <span className={classes.dot} aria-hidden="true" />}
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {notificationLabel(n.type)}
                </Text>
              </Group>
              {link ? (
                <Link
                  to={link}
                  className={classes.title}
                  data-unread={n.read ? undefined : 'true'}
                  onClick={() => {
                    if (!n.read) markRead.mutate(n.id);
                  }}
                >
                  {title}
                </Link>
              ) : (
                <Text className={classes.title} data-unread={n.read ? undefined : 'true'}>
                  {title}
                </Text>
              )}
            </Stack>
          );
        },
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
        cell: ({ row }) => {
          const n = row.original;
          if (n.read) {
            return (
              <Text size="sm" c="dimmed">
                Read
              </Text>
            );
          }
          const busy = markRead.isPending && markRead.variables === n.id;
          const title = notificationText(n.type, n.title) || notificationLabel(n.type);
          return (
            <Button
              size="compact-sm"
              variant="light"
              loading={busy}
              aria-label={`Mark read: ${title}`}
              onClick={() => markRead.mutate(n.id)}
            >
              Mark read
            </Button>
          );
        },
      },
    ],
    [markRead],
  );

  const shown = shownOf(list.state);
  return (
    <ListPageLayout
      title="Notifications"
      actions={
        <>
          <Badge variant={unreadCount > 0 ? 'filled' : 'light'} color={unreadCount > 0 ? 'red' : 'gray'}>
            {unreadCount} unread
          </Badge>
          <Button
            variant="default"
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            disabled={unreadCount === 0}
          >
            Mark all read
          </Button>
        </>
      }
      filters={<ShowFilter list={list} />}
      filtered={list.filtered}
      onReset={list.reset}
    >
      <DataTable<Notification>
        label="Notifications"
        columns={columns}
        getRowId={(row) => String(row.id)}
        emptyText={shown === 'unread' ? 'No unread notifications.' : 'No notifications yet.'}
        loadingText="Loading notifications…"
        errorText="The notifications could not be loaded."
        rowProps={(row) => (row.read ? {} : { className: classes.unread, 'data-unread': 'true' })}
        minWidth={560}
        {...listTableProps(list, result)}
      />
    </ListPageLayout>
  );
}

export default NotificationsPage;
