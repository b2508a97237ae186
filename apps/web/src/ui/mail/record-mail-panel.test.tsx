import { MAIL_MESSAGES } from '@app/shared/mail/mail.messages';
import type { MailMessage } from '@app/shared/mail/mail.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, queryOf } from '../../test/fake-api.ts';
import { renderPage } from '../../test/render.tsx';
import { makeMailbox, makeMessage, makeSummary, pageOf } from './mail-fixtures.ts';
import { RecordMailPanel } from './record-mail-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CLIENT = { id: 5, name: 'Ann Lee' };
const OLDER = makeSummary({ id: 20, subject: 'Visa papers', seen: true, date: '2026-04-20T09:00:00.000Z' });
const NEWER = makeSummary({ id: 21, subject: 'Change of dates', has_attachments: true });

function setup(user: object = {}, sendAnswers: (() => Response)[] = []) {
  let message: MailMessage = makeMessage({ id: 21, subject: 'Change of dates' });
  const api = fakeApi({
    // the API puts unread first: the panel shows the newest first
    'GET /api/v1/mail/messages/': () => pageOf([OLDER, NEWER], 3),
    'GET /api/v1/mail/messages/21/': () => json(200, { data: message }),
    'PATCH /api/v1/mail/messages/21/': (call) => {
      message = { ...message, ...(call.body as object) };
      return json(200, { data: message });
    },
    'GET /api/v1/mail/mailboxes/': () => json(200, { data: [makeMailbox()] }),
    'POST /api/v1/mail/messages/': () =>
      sendAnswers.shift()?.() ?? json(201, { data: makeMessage({ id: 30, direction: 'out' }) }),
  });
  return { ...api, ...renderPage(<RecordMailPanel client={CLIENT} />, { user }) };
}

describe('the mail of a record', () => {
  it('lists the messages linked to the client, newest first, with the way to the rest', async () => {
    const { callsTo } = setup();
    const table = await screen.findByRole('table', { name: 'Messages about this client' });
    expect(
      within(table)
        .getAllByRole('button', { name: /^Open message/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Open message Change of dates (unread)', 'Open message Visa papers']);
    expect(within(table).getByRole('img', { name: 'Has attachments' })).toBeInTheDocument();
    expect(Object.fromEntries(queryOf(callsTo('GET /api/v1/mail/messages/')[0]))).toEqual({
      client: '5',
      limit: '20',
      offset: '0',
    });
    expect(screen.getByRole('link', { name: 'and 1 more: see them in Mail agent' })).toHaveAttribute(
      'href',
      '/mail?client=5&name=Ann+Lee&folder=all',
    );
  });

  it('opens a message (marking it read) and answers it; a refused send keeps the draft and says why', async () => {
    const refused = () => json(400, { errors: { detail: [MAIL_MESSAGES.sendFailed('550 No such user')] } });
    const { user, callsTo } = setup({}, [refused]);
    await user.click(await screen.findByRole('button', { name: 'Open message Change of dates (unread)' }));
    const reader = await screen.findByRole('article', { name: 'Message Change of dates' });
    expect(within(reader).getByTestId('mail-text')).toHaveTextContent('Could we move the stay by a week?');
    await waitFor(() =>
      expect(callsTo('PATCH /api/v1/mail/messages/21/').map((c) => c.body)).toEqual([{ seen: true }]),
    );

    await user.click(within(reader).getByRole('button', { name: 'Reply' }));
    const compose = await screen.findByRole('dialog', { name: 'Reply' });
    expect(within(compose).getByRole('textbox', { name: 'To' })).toHaveValue('Ann Lee <ann@client.com>');
    expect(within(compose).getByRole('textbox', { name: 'Subject' })).toHaveValue('Re: Change of dates');
    expect(within(compose).getByTestId('compose-from')).toHaveTextContent(
      'London office <london@example.com>',
    );
    const text = within(compose).getByRole('textbox', { name: 'Message' });
    expect(text).toHaveFocus();
    await user.type(text, 'Yes, of course.', { skipClick: true });
    await user.click(within(compose).getByRole('button', { name: 'Send' }));
    expect(await within(compose).findByRole('alert')).toHaveTextContent(
      'The message was not sent: 550 No such user',
    );
    expect((text as HTMLTextAreaElement).value).toMatch(/^Yes, of course\.\n\nOn .* wrote:\n> Could we move/);

    await user.click(within(compose).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reply' })).toBeNull());
    const sent = callsTo('POST /api/v1/mail/messages/').map((c) =>
      Object.fromEntries((c.body as FormData).entries()),
    );
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      mailbox: '1',
      to: 'Ann Lee <ann@client.com>',
      subject: 'Re: Change of dates',
      reply_to: '21',
    });
  });

  it('is not there for those who do not read mail', () => {
    fakeApi({});
    renderPage(<RecordMailPanel client={CLIENT} />, { user: { role: 'Accountant' } });
    expect(screen.queryByRole('heading', { name: 'Mail' })).toBeNull();
  });
});
