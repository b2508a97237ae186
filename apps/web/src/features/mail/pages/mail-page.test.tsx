import type { MailboxTestResult } from '@app/shared/mail/mail.schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiHandlers, fakeApi, json, queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import {
  INBOX,
  makeMailbox,
  makeMessage,
  makeSummary,
  pageOf,
  SENT,
} from '../../../ui/mail/mail-fixtures.ts';
import { MailPage } from './mail-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FIRST = makeSummary({ id: 21, subject: 'Change of dates' });
const SECOND = makeSummary({
  id: 22,
  subject: 'Visa papers',
  seen: true,
  from: { name: 'Bob Stone', address: 'bob@x.com' },
  client: null,
  request: { id: 9, number: 'BSLF-2026-00042' },
});

function setup(url = '/mail', user: object = {}, mailboxes = [makeMailbox()], first: ApiHandlers = {}) {
  const api = fakeApi(first, {
    'GET /api/v1/mail/mailboxes/': () => json(200, { data: mailboxes }),
    'GET /api/v1/mail/mailboxes/1/folders/': () => json(200, { data: [SENT, INBOX] }),
    'GET /api/v1/mail/messages/': () => pageOf([FIRST, SECOND], 2),
    'GET /api/v1/mail/messages/21/': () => json(200, { data: makeMessage({ id: 21 }) }),
    'GET /api/v1/mail/messages/22/': () =>
      json(200, { data: makeMessage({ ...SECOND, html: '<p>Hello <b>there</b></p>', text: 'Hello there' }) }),
    'PATCH /api/v1/mail/messages/21/': () => json(200, { data: makeMessage({ id: 21, seen: true }) }),
    'GET /api/v1/region/': () =>
      json(200, {
        data: [
          { id: 1, title: 'London', ccy: 'GBP' },
          { id: 2, title: 'Dubai', ccy: 'AED' },
        ],
        meta: { total: 2, limit: 100, offset: 0 },
      }),
  });
  const rendered = renderPage(<MailPage />, { path: '/mail', url, user });
  const lastList = () => Object.fromEntries(queryOf(api.callsTo('GET /api/v1/mail/messages/').at(-1)));
  return { ...api, ...rendered, lastList };
}

describe('/mail', () => {
  it('shows the office mailbox, its Inbox first, and opens, searches and moves with the keys, all in the URL', async () => {
    const { user, router, lastList } = setup();
    expect(await screen.findByTestId('mailbox-name')).toHaveTextContent('London office');
    const folders = screen.getByRole('navigation', { name: 'Folders' });
    expect((await within(folders).findAllByRole('button')).map((b) => b.textContent)).toEqual([
      'Inbox1',
      'Sent',
      'All mail',
    ]);
    const list = await screen.findByRole('listbox', { name: 'Messages' });
    expect(lastList()).toEqual({ mailbox: '1', folder: '10', limit: '50', offset: '0' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.dataset.unread ?? null)).toEqual(['true', null]);
    expect(options[1]).toHaveTextContent('BSLF-2026-00042');

    await user.click(options[0] as HTMLElement);
    expect(await screen.findByRole('article', { name: 'Message Change of dates' })).toBeInTheDocument();
    // opening is a history entry (Back on a phone returns to the list), j / k replace it
    expect(router.state.location.search).toBe('?mailbox=1&message=21');
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.getByRole('option', { name: /Change of dates/ })).toHaveAttribute('aria-selected', 'true');

    // j on the page: the next message; its HTML in a sandboxed frame without scripts
    fireEvent.keyDown(document.body, { key: 'j' });
    await screen.findByRole('article', { name: 'Message Visa papers' });
    const frame = screen.getByTestId('mail-html');
    expect(frame.getAttribute('sandbox')).toBe(
      'allow-same-origin allow-popups allow-popups-to-escape-sandbox',
    );
    expect(frame.getAttribute('srcdoc')).toContain('<p>Hello <b>there</b></p>');
    expect(router.state.location.search).toBe('?mailbox=1&message=22');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'visa{Enter}');
    await waitFor(() => expect(lastList()).toMatchObject({ search: 'visa', folder: '10' }));
    expect(router.state.location.search).toBe('?mailbox=1&search=visa');

    await user.click(within(folders).getByRole('button', { name: 'All mail' }));
    await waitFor(() =>
      expect(lastList()).toEqual({ mailbox: '1', search: 'visa', limit: '50', offset: '0' }),
    );
  });

  it('moves with the arrows in the list, opens with Enter, and loads more without skipping what reading moved', async () => {
    // the server's order: unread first, then newest; 101 is unread until read, and oldest
    let read = false;
    const row = (i: number) => makeSummary({ id: 100 + i, subject: `Message ${i}`, seen: i !== 1 || read });
    const order = () => {
      const all = Array.from({ length: 51 }, (_, i) => row(i));
      return read ? [...all.filter((r) => r.id !== 101), all[1] as (typeof all)[number]] : all;
    };
    const { user, router, callsTo } = setup('/mail', {}, [makeMailbox()], {
      'GET /api/v1/mail/messages/': (call) => {
        const offset = Number(queryOf(call).get('offset'));
        return pageOf(order().slice(offset, offset + 50), 51, offset);
      },
      'GET /api/v1/mail/messages/101/': () =>
        json(200, { data: makeMessage({ id: 101, subject: 'Message 1', seen: read }) }),
      'PATCH /api/v1/mail/messages/101/': () => {
        read = true;
        return json(200, { data: makeMessage({ id: 101, subject: 'Message 1', seen: true }) });
      },
    });
    const list = await screen.findByRole('listbox', { name: 'Messages' });
    const first = (await within(list).findAllByRole('option'))[0] as HTMLElement;
    first.focus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('article', { name: 'Message Message 1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?mailbox=1&message=101');
    await waitFor(() => expect(callsTo('PATCH /api/v1/mail/messages/101/')).toHaveLength(1));
    await waitFor(() => expect(list.querySelector('[data-id="101"]')).not.toHaveAttribute('data-unread'));
    expect(screen.getByTestId('mail-total')).toHaveTextContent('50 of 51');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getByTestId('mail-total')).toHaveTextContent('51 of 51'));
    // the loaded page asked again (101 moved to the end) before the next: Message 50 is not skipped
    const offsets = callsTo('GET /api/v1/mail/messages/').map((c) => queryOf(c).get('offset'));
    expect(offsets).toEqual(['0', '0', '50']);
    const ids = within(list)
      .getAllByRole('option')
      .map((o) => o.dataset.id);
    expect(new Set(ids).size).toBe(51);
    expect(ids.at(-1)).toBe('101');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens the message of a notice in its own mailbox and folder, also while on /mail', async () => {
    const { router } = setup('/mail?mailbox=1&folder=all');
    await screen.findByRole('listbox', { name: 'Messages' });
    await act(() => router.navigate('/mail?message=21'));
    expect(await screen.findByRole('article', { name: 'Message Change of dates' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?mailbox=1&folder=10&message=21'));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')[0]).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it("shows a record's mail in every mailbox when none is chosen, named as the record's page named it", async () => {
    const dubai = makeMailbox({ id: 2, name: 'Dubai office', address: 'dubai@example.com' });
    const { lastList, user, router } = setup(
      '/mail?client=6&folder=all&name=Ann%20Lee',
      { role: 'Admin', type: 'admin' },
      [makeMailbox(), dubai],
    );
    await screen.findByRole('listbox', { name: 'Messages' });
    expect(lastList()).toEqual({ client: '6', limit: '50', offset: '0' });
    expect(screen.getByTestId('mail-record-filter')).toHaveTextContent('Linked to client Ann Lee');
    expect(screen.getByDisplayValue('All mailboxes')).toHaveAttribute('aria-label', 'Mailbox');
    // opening a message keeps every mailbox
    await user.click(within(screen.getByRole('listbox')).getAllByRole('option')[0] as HTMLElement);
    await screen.findByRole('article', { name: 'Message Change of dates' });
    expect(router.state.location.search).toBe('?folder=all&client=6&name=Ann+Lee&message=21');
    expect(lastList()).toEqual({ client: '6', limit: '50', offset: '0' });
  });

  it('says so when the office has no mailbox', async () => {
    setup('/mail', {}, []);
    expect(
      await screen.findByText('Your office has no mailbox yet: an Admin sets it up.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mailboxes' })).toBeNull();
  });

  it('lets an Admin test a mailbox as typed and save only what changed', async () => {
    const result: MailboxTestResult = {
      ok: false,
      steps: [
        { step: 'imap_connect', ok: true, message: null },
        { step: 'imap_login', ok: false, message: 'AUTHENTICATIONFAILED Authentication failed.' },
        { step: 'smtp_connect', ok: true, message: null },
        { step: 'smtp_auth', ok: true, message: null },
      ],
    };
    const { user, fakeRoutes } = setupAdmin(result);
    await screen.findByText('No messages in this folder.');
    await user.click(screen.getByRole('button', { name: 'Mailboxes' }));
    const london = await screen.findByRole('region', { name: 'Mailbox of London' });
    expect(screen.getByRole('region', { name: 'Mailbox of Dubai' })).toHaveTextContent('No mailbox yet.');
    await user.click(within(london).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Mailbox of London' });
    const password = within(form).getByLabelText('IMAP password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', 'saved · leave blank to keep');
    await user.clear(within(form).getByRole('textbox', { name: 'IMAP host' }));
    await user.type(within(form).getByRole('textbox', { name: 'IMAP host' }), 'mail.example.org');
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    const steps = await within(form).findByRole('status', { name: 'The connection failed' });
    expect(steps).toHaveTextContent('IMAP: log in: failed');
    expect(steps).toHaveTextContent('AUTHENTICATIONFAILED Authentication failed.');
    expect(fakeRoutes.tested).toEqual([
      expect.objectContaining({ mailbox: 1, imap_host: 'mail.example.org' }),
    ]);
    expect(fakeRoutes.tested[0]).not.toHaveProperty('imap_password');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeRoutes.saved).toEqual([{ imap_host: 'mail.example.org', version: 2 }]));
  });
});

function setupAdmin(result: MailboxTestResult) {
  const fakeRoutes = { tested: [] as unknown[], saved: [] as unknown[] };
  fakeApi(
    {
      'POST /api/v1/mail/mailboxes/test/': (call) => {
        fakeRoutes.tested.push(call.body);
        return json(200, { data: result });
      },
      'PATCH /api/v1/mail/mailboxes/1/': (call) => {
        fakeRoutes.saved.push(call.body);
        return json(200, { data: makeMailbox({ imap_host: 'mail.example.org', version: 3 }) });
      },
    },
    {
      'GET /api/v1/mail/mailboxes/': () => json(200, { data: [makeMailbox()] }),
      'GET /api/v1/mail/mailboxes/1/folders/': () => json(200, { data: [INBOX] }),
      'GET /api/v1/mail/messages/': () => pageOf([], 0),
      'GET /api/v1/region/': () =>
        json(200, {
          data: [
            { id: 1, title: 'London', ccy: 'GBP' },
            { id: 2, title: 'Dubai', ccy: 'AED' },
          ],
          meta: { total: 2, limit: 100, offset: 0 },
        }),
    },
  );
  const rendered = renderPage(<MailPage />, {
    path: '/mail',
    url: '/mail',
    user: { role: 'Admin', type: 'admin' },
  });
  return { ...rendered, fakeRoutes };
}
