import type { MailFolder } from '@app/shared/mail/mail.schemas';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { MailMessageListParams } from '../../../lib/mail/mail-keys.ts';
import { idOf } from '../../../ui/list/filter-values.ts';

/**
 * What /mail shows, kept in the URL (`?mailbox=1&folder=4&search=visa&message=88`), so a reload,
 * a link or a notice (`?message=88`) opens the same view. `folder=all` is every folder; no folder
 * is the mailbox's Inbox.
 */
export interface MailView {
  mailbox: number | null;
  folder: number | 'all' | null;
  message: number | null;
  search: string;
  client: number | null;
  request: number | null;
  unread: boolean;
  /** The linked record's name as the page that linked here knew it (`name=Ann Lee`). */
  name: string | null;
}

export const MAIL_VIEW_KEYS = [
  'mailbox',
  'folder',
  'message',
  'search',
  'client',
  'request',
  'unread',
  'name',
] as const;

export function readMailView(params: URLSearchParams): MailView {
  const folder = params.get('folder');
  return {
    mailbox: idOf(params.get('mailbox') ?? undefined) ?? null,
    folder: folder === 'all' ? 'all' : (idOf(folder ?? undefined) ?? null),
    message: idOf(params.get('message') ?? undefined) ?? null,
    search: (params.get('search') ?? '').trim(),
    client: idOf(params.get('client') ?? undefined) ?? null,
    request: idOf(params.get('request') ?? undefined) ?? null,
    unread: params.get('unread') === 'true',
    name: params.get('name')?.trim() || null,
  };
}

/** The view as URL parameters, leaving out what is empty. */
export function writeMailView(
  view: MailView,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of MAIL_VIEW_KEYS) next.delete(key);
  if (view.mailbox !== null) next.set('mailbox', String(view.mailbox));
  if (view.folder !== null) next.set('folder', String(view.folder));
  if (view.search) next.set('search', view.search);
  if (view.client !== null) next.set('client', String(view.client));
  if (view.request !== null) next.set('request', String(view.request));
  if (view.unread) next.set('unread', 'true');
  if (view.name && (view.client !== null || view.request !== null)) next.set('name', view.name);
  if (view.message !== null) next.set('message', String(view.message));
  return next;
}

/** The folder a view lists: the chosen one, every one, or (none chosen) the Inbox when there is one. */
export function listedFolder(
  view: MailView,
  folders: readonly MailFolder[] | undefined,
): number | 'all' | null {
  if (view.folder !== null) return view.folder;
  if (!folders) return null;
  return folders.find((f) => f.role === 'inbox')?.id ?? 'all';
}

/**
 * Whether the view reads every mailbox: a record's mail (`?client=` or `?request=`) with no mailbox
 * chosen (an Admin's record may have mail in either office).
 */
export function readsAllMailboxes(view: MailView): boolean {
  return view.mailbox === null && (view.client !== null || view.request !== null);
}

/** GET mail/messages/ for the view, once its mailbox (null: all of them) and folder are known. */
export function mailListQuery(
  view: MailView,
  mailbox: number | null,
  folder: number | 'all',
): MailMessageListParams {
  return {
    ...(mailbox === null ? {} : { mailbox }),
    ...(folder === 'all' ? {} : { folder }),
    ...(view.search ? { search: view.search } : {}),
    ...(view.client !== null ? { client: view.client } : {}),
    ...(view.request !== null ? { request: view.request } : {}),
    ...(view.unread ? { unread: true } : {}),
    limit: MAIL_PAGE_SIZE,
  };
}

export const MAIL_PAGE_SIZE = 50;

/** The view in the URL and a setter; a change of mailbox, folder or filter is a new history entry. */
export function useMailView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readMailView(params), [params]);
  const update = useCallback(
    (patch: Partial<MailView>, options: { replace?: boolean } = {}) =>
      setParams((prev) => writeMailView({ ...readMailView(prev), ...patch }, prev), {
        replace: options.replace ?? false,
      }),
    [setParams],
  );
  return { view, update };
}
