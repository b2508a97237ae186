import { MAIL_MESSAGES } from '@app/shared/mail/mail.messages';
import { MAIL_ATTACHMENTS_MAX_BYTES } from '@app/shared/mail/mail.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newDraft } from '../../lib/mail/mail-compose.ts';
import { fakeApi, json } from '../../test/fake-api.ts';
import { renderPage } from '../../test/render.tsx';
import { MailComposeDialog } from './mail-compose-dialog.tsx';
import { makeMailbox, makeMessage } from './mail-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  const onClose = vi.fn();
  const api = fakeApi({
    'GET /api/v1/mail/mailboxes/': () => json(200, { data: [makeMailbox()] }),
    'POST /api/v1/mail/messages/': () => json(201, { data: makeMessage({ id: 30, direction: 'out' }) }),
  });
  const rendered = renderPage(<MailComposeDialog draft={newDraft(1)} onClose={onClose} />);
  return { ...api, ...rendered, onClose };
}

/** A drop as the browser hands it over: files, and an entry per item telling a folder apart. */
function dropOn(target: Element, entries: { file: File; folder?: boolean }[]) {
  const dataTransfer = {
    files: entries.map((e) => e.file),
    items: entries.map((e) => ({ kind: 'file', webkitGetAsEntry: () => ({ isDirectory: !!e.folder }) })),
    types: ['Files'],
    dropEffect: 'none',
  };
  fireEvent.dragEnter(target, { dataTransfer });
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

describe('the compose dialog', () => {
  it('takes files dropped anywhere on the message, refuses folders and sends the files', async () => {
    const { user, callsTo, onClose } = setup();
    const form = await screen.findByRole('form', { name: 'New message' });
    await user.type(within(form).getByRole('textbox', { name: 'To' }), 'ann@example.com');
    // dropped on the text, not on the attachments' box
    dropOn(within(form).getByRole('textbox', { name: 'Message' }), [
      { file: new File(['hello'], 'visa.pdf', { type: 'application/pdf' }) },
      { file: new File([], 'Scans'), folder: true },
    ]);
    expect(
      within(form)
        .getAllByTestId('compose-file')
        .map((f) => f.textContent),
    ).toEqual([expect.stringContaining('visa.pdf')]);
    expect(form).toHaveTextContent('"Scans" is a folder: attach the files in it instead.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = callsTo('POST /api/v1/mail/messages/')[0]?.body as FormData;
    expect(body.get('to')).toBe('ann@example.com');
    expect(body.getAll('attachments').map((f) => (f as File).name)).toEqual(['visa.pdf']);
  });

  it('refuses attachments over the bound before sending', async () => {
    const { user, callsTo } = setup();
    const form = await screen.findByRole('form', { name: 'New message' });
    await user.type(within(form).getByRole('textbox', { name: 'To' }), 'ann@example.com');
    const big = new File(['x'], 'big.zip');
    Object.defineProperty(big, 'size', { value: MAIL_ATTACHMENTS_MAX_BYTES + 1 });
    dropOn(form, [{ file: big }]);
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(
      await within(form).findByText(MAIL_MESSAGES.attachmentsTooLarge(MAIL_ATTACHMENTS_MAX_BYTES)),
    ).toBeInTheDocument();
    expect(callsTo('POST /api/v1/mail/messages/')).toHaveLength(0);
  });

  it('asks before Escape discards a draft, and before the page is left', async () => {
    const { user, onClose } = setup();
    const form = await screen.findByRole('form', { name: 'New message' });
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Dates');
    const dirtyUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirtyUnload);
    expect(dirtyUnload.defaultPrevented).toBe(true);

    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard this draft?' });
    // the key press that asked did not also answer
    expect(ask).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'Keep writing' }));
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveValue('Dates');
  });
});
