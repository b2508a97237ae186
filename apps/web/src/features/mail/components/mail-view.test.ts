import { describe, expect, it } from 'vitest';
import { INBOX, SENT } from '../../../ui/mail/mail-fixtures.ts';
import { listedFolder, mailListQuery, readMailView, readsAllMailboxes, writeMailView } from './mail-view.ts';

describe('the mail view in the URL', () => {
  it('reads what it knows, drops what the API would refuse, and writes only what is set', () => {
    const view = readMailView(
      new URLSearchParams('mailbox=1&folder=all&search=%20visa%20&message=88&client=x&unread=true'),
    );
    expect(view).toEqual({
      mailbox: 1,
      folder: 'all',
      message: 88,
      search: 'visa',
      client: null,
      request: null,
      unread: true,
      name: null,
    });
    expect(
      writeMailView({ ...view, folder: 10, unread: false }, new URLSearchParams('other=1')).toString(),
    ).toBe('other=1&mailbox=1&folder=10&search=visa&message=88');
  });

  it('lists the Inbox when no folder is chosen, every folder when there is no Inbox', () => {
    const none = readMailView(new URLSearchParams());
    expect(listedFolder(none, undefined)).toBeNull();
    expect(listedFolder(none, [SENT, INBOX])).toBe(INBOX.id);
    expect(listedFolder(none, [SENT])).toBe('all');
    expect(listedFolder({ ...none, folder: SENT.id }, [INBOX, SENT])).toBe(SENT.id);
  });

  it('asks the API for the mailbox, the folder (not for all) and the filters', () => {
    const view = readMailView(new URLSearchParams('search=visa&request=9&unread=true'));
    expect(mailListQuery(view, 1, 'all')).toEqual({
      mailbox: 1,
      search: 'visa',
      request: 9,
      unread: true,
      limit: 50,
    });
    const record = readMailView(new URLSearchParams('client=6&folder=all&name=Ann%20Lee'));
    expect(readsAllMailboxes(record)).toBe(true);
    expect(record.name).toBe('Ann Lee');
    expect(mailListQuery(record, null, 'all')).toEqual({ client: 6, limit: 50 });
    expect(readsAllMailboxes({ ...record, mailbox: 1 })).toBe(false);
    expect(writeMailView({ ...record, client: null }).toString()).toBe('folder=all');
    expect(mailListQuery(readMailView(new URLSearchParams()), 1, 10)).toEqual({
      mailbox: 1,
      folder: 10,
      limit: 50,
    });
  });
});
