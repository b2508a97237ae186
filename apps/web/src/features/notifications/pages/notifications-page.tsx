import type { Notification } from '@app/shared/notifications/notifications.schemas';
import { Badge, Button, Input, SegmentedControl } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
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
import {
  NOTIFICATION_COLUMNS,
  type NotificationRowActions,
  NotificationRowActionsContext,
} from '../components/notification-columns.tsx';
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
  const pageRef = useRef<HTMLDivElement>(null);
  const rows = result.data?.data;

  // A marked row's button goes: keyboard focus moves on to the next unread row's (or the one
  // before), else to the page's heading, rather than falling to the document.
  const focusHeading = useCallback(() => {
    const heading = pageRef.current?.querySelector('h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, []);
  const markOne = useCallback(
    (n: Notification) => {
      const unread = (rows ?? []).filter((r) => !r.read);
      const at = unread.findIndex((r) => r.id === n.id);
      const next = unread[at + 1] ?? unread[at - 1];
      const button = next
        ? pageRef.current?.querySelector<HTMLButtonElement>(`[data-mark-read="${next.id}"]`)
        : null;
      if (button) button.focus();
      else focusHeading();
      markRead.mutate(n.id);
    },
    [rows, markRead.mutate, focusHeading],
  );

  // the page's answer carries the unread count: the bell agrees with what the page shows
  const unread = result.isPlaceholderData ? undefined : result.data?.meta.unread;
  useEffect(() => {
    if (unread !== undefined) setNotifyCounter(client, unread);
  }, [unread, client]);
  const unreadCount = unread ?? user.notify_counter;

  const busy = markRead.isPending ? (markRead.variables ?? null) : null;
  const actions = useMemo<NotificationRowActions>(
    () => ({ busy, markRead: markOne, opened: (n) => markRead.mutate(n.id) }),
    [busy, markOne, markRead.mutate],
  );

  const shown = shownOf(list.state);
  return (
    <NotificationRowActionsContext value={actions}>
      <div ref={pageRef}>
        <ListPageLayout
          title="Notifications"
          actions={
            <>
              <Badge variant={unreadCount > 0 ? 'filled' : 'light'} color={unreadCount > 0 ? 'red' : 'gray'}>
                {unreadCount} unread
              </Badge>
              <Button
                variant="default"
                onClick={() => markAll.mutate(undefined, { onSuccess: focusHeading })}
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
            columns={NOTIFICATION_COLUMNS}
            getRowId={(row) => String(row.id)}
            emptyText={shown === 'unread' ? 'No unread notifications.' : 'No notifications yet.'}
            loadingText="Loading notifications…"
            errorText="The notifications could not be loaded."
            rowProps={(row) => (row.read ? {} : { className: classes.unread, 'data-unread': 'true' })}
            minWidth={560}
            {...listTableProps(list, result)}
          />
        </ListPageLayout>
      </div>
    </NotificationRowActionsContext>
  );
}

export default NotificationsPage;
