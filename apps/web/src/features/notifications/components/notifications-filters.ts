import type { ListState } from '../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../ui/list/use-list-state.ts';
import type { NotificationListParams } from '../api/notifications-keys.ts';

/** `?show=unread` narrows the list to unread ones; no parameter is everything. */
export const NOTIFICATIONS_LIST: ListStateOptions = {
  listPath: '/notifications',
  filterKeys: ['show'],
};

export type NotificationsShow = 'all' | 'unread';

export function shownOf(state: ListState): NotificationsShow {
  return state.filters.show === 'unread' ? 'unread' : 'all';
}

/** Newest first is the server's order; only paging and the unread filter go with the call. */
export function notificationsQuery(state: ListState): NotificationListParams {
  return {
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ...(shownOf(state) === 'unread' ? { unread: true } : {}),
  };
}
