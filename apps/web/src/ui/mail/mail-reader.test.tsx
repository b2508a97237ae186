import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../test/fake-api.ts';
import { renderPage } from '../../test/render.tsx';
import { makeMailbox, makeMessage } from './mail-fixtures.ts';
import { MailReader } from './mail-reader.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const INLINE = '/api/v1/mail/messages/21/attachments/1/?inline=true';

it('shows the HTML with its embedded image fetched with the token, lists only the other attachments, and lets remote images through on request', async () => {
  const html = (images: boolean) =>
    `<p>Our yacht:</p><img src="${INLINE}">${images ? '<img src="https://x.example/a.jpg">' : '<span data-remote-image>[image]</span>'}`;
  const message = (images: boolean) =>
    makeMessage({
      seen: true,
      html: html(images),
      remote_images: !images,
      attachments: [
        { n: 1, filename: 'yacht.png', content_type: 'image/png', size: 70, stored: true },
        { n: 2, filename: 'plan.pdf', content_type: 'application/pdf', size: 2048, stored: true },
        { n: 3, filename: 'video.mp4', content_type: 'video/mp4', size: 40_000_000, stored: false },
      ],
    });
  const { calls } = fakeApi({
    'GET /api/v1/mail/messages/21/': (call) => json(200, { data: message(call.url.includes('images=true')) }),
    'GET /api/v1/mail/mailboxes/': () => json(200, { data: [makeMailbox()] }),
    'GET /api/v1/mail/messages/21/attachments/1/': () =>
      new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), {
        headers: { 'Content-Type': 'image/png' },
      }),
  });
  const { user } = renderPage(<MailReader id={21} onCompose={() => {}} />);
  const frame = await screen.findByTestId('mail-html');
  expect(frame.getAttribute('srcdoc')).toContain('<img src="data:image/png;base64,iVBORw==">');
  expect(frame.getAttribute('srcdoc')).toContain('img-src data: blob:;');
  const attachments = screen.getByRole('region', { name: 'Attachments' });
  expect(within(attachments).getByText('2 attachments')).toBeInTheDocument();
  expect(within(attachments).getByRole('button', { name: 'Download plan.pdf' })).toBeInTheDocument();
  expect(within(attachments).getByLabelText('video.mp4 (not kept)')).toBeInTheDocument();
  expect(within(attachments).queryByText('yacht.png')).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Show images' }));
  await waitFor(() =>
    expect(screen.getByTestId('mail-html').getAttribute('srcdoc')).toContain(
      '<img src="https://x.example/a.jpg">',
    ),
  );
  expect(screen.getByTestId('mail-html').getAttribute('srcdoc')).toContain('img-src data: blob: https:;');
  expect(screen.queryByRole('button', { name: 'Show images' })).toBeNull();
  expect(calls.map((c) => c.url)).toContain('/api/v1/mail/messages/21/?images=true');
});

it('marks read once when opened, marks unread by hand, and unlinks a client (and so its request) by hand', async () => {
  let current = makeMessage({ seen: false, request: { id: 9, number: 'BSLF-2026-00042' } });
  const { callsTo } = fakeApi({
    'GET /api/v1/mail/messages/21/': () => json(200, { data: current }),
    'PATCH /api/v1/mail/messages/21/': (call) => {
      const body = call.body as { seen?: boolean; client?: null };
      current = {
        ...current,
        ...(body.seen === undefined ? {} : { seen: body.seen }),
        // as the server does: unlinking the client unlinks the request too
        ...(body.client === null ? { client: null, request: null, linked_by: 'user' as const } : {}),
      };
      return json(200, { data: current });
    },
    'GET /api/v1/mail/mailboxes/': () => json(200, { data: [makeMailbox()] }),
  });
  const { user } = renderPage(<MailReader id={21} onCompose={() => {}} />);
  await user.click(await screen.findByRole('button', { name: 'Mark unread' }));
  expect(screen.getByRole('button', { name: 'Reply' })).toBeEnabled();
  expect(screen.getByRole('link', { name: 'Request: BSLF-2026-00042' })).toHaveAttribute(
    'href',
    '/requests/9',
  );
  await user.click(screen.getByRole('button', { name: 'Unlink client Ann Lee and request BSLF-2026-00042' }));
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Client: Ann Lee' })).toBeNull());
  expect(screen.queryByRole('link', { name: 'Request: BSLF-2026-00042' })).toBeNull();
  expect(callsTo('PATCH /api/v1/mail/messages/21/').map((c) => c.body)).toEqual([
    { seen: true },
    { seen: false },
    { client: null },
  ]);
});

it('offers no Reply or Forward from a disabled mailbox, and says why', async () => {
  fakeApi({
    'GET /api/v1/mail/messages/21/': () => json(200, { data: makeMessage({ seen: true }) }),
    'GET /api/v1/mail/mailboxes/': () => json(200, { data: [makeMailbox({ enabled: false })] }),
  });
  renderPage(<MailReader id={21} onCompose={() => {}} />);
  expect(await screen.findByTestId('mailbox-disabled-note')).toHaveTextContent('until an Admin enables it');
  for (const name of ['Reply', 'Reply all', 'Forward'])
    expect(screen.getByRole('button', { name })).toBeDisabled();
});
