import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, json, routeKey } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { dockStorageKey } from '../state/dock-state.ts';
import { chatApi, GROUP } from '../test/chat-fixtures.ts';
import { ChatDock } from './chat-dock.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.clear();
});

const NOT_MEMBER = () => json(403, { errors: { detail: 'You are not a member of this chat channel.' } });
/** What fetch does when the server cannot be reached. */
const offline = (): never => {
  throw new TypeError('Failed to fetch');
};

/** Refuses the calls `key` names with `answer`, while `refusing` says so. */
function refuse(key: string, answer: () => Response) {
  const state = { refusing: true };
  const first = (call: ApiCall) => (state.refusing && routeKey(call) === key ? answer() : undefined);
  return { state, first };
}

const findWindow = (title: string) => screen.findByRole('region', { name: `Chat: ${title}` });

async function openFromList(user: ReturnType<typeof renderPage>['user'], title: RegExp) {
  await user.click(screen.getByRole('button', { name: /^Chat/ }));
  const panel = await screen.findByRole('dialog', { name: 'Chats' });
  await user.click(await within(panel).findByRole('button', { name: title }));
}

describe('a chat call that fails says why, where it was made', () => {
  it('keeps a message that was not sent in the box, with the reason under it', async () => {
    let answer: () => Response = NOT_MEMBER;
    const { state, first } = refuse('POST /api/v1/chat/channels/1/messages/', () => answer());
    const api = chatApi({ first });
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Boris Back/);
    const win = await findWindow('Boris Back');
    const box = within(win).getByRole('textbox', { name: 'Message' });

    await user.type(box, 'Am I still here?{Enter}');
    expect(await within(win).findByRole('alert')).toHaveTextContent(
      'Not sent: you are no longer in this chat.',
    );
    expect(box).toHaveValue('Am I still here?');

    answer = offline;
    await user.type(box, '{Enter}');
    await waitFor(() =>
      expect(within(win).getByRole('alert')).toHaveTextContent('Not sent: no connection. Try again.'),
    );
    expect(box).toHaveValue('Am I still here?');

    state.refusing = false;
    await user.type(box, '{Enter}');
    await within(win).findByText('Am I still here?', { selector: '[data-message-id] *' });
    expect(within(win).queryByRole('alert')).not.toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(api.callsTo('POST /api/v1/chat/channels/1/messages/')).toHaveLength(3);
  });

  it('keeps the editor open with the reason when an edit is refused', async () => {
    const { first } = refuse('PATCH /api/v1/chat/channels/messages/10/', NOT_MEMBER);
    chatApi({ first });
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Boris Back/);
    const win = await findWindow('Boris Back');
    await user.click(await within(win).findByRole('button', { name: 'Edit message' }));
    const editor = within(win).getByRole('textbox', { name: 'Edit message' });
    await user.type(editor, ' all{Enter}');
    expect(await within(win).findByRole('alert')).toHaveTextContent(
      'Not saved: you are no longer in this chat.',
    );
    expect(within(win).getByRole('textbox', { name: 'Edit message' })).toHaveValue('Morning all');
  });

  it('says in the question why a message was not deleted', async () => {
    const { first } = refuse('DELETE /api/v1/chat/channels/messages/10/', offline);
    chatApi({ first });
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Boris Back/);
    const win = await findWindow('Boris Back');
    await user.click(await within(win).findByRole('button', { name: 'Delete message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete message' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not deleted: no connection. Try again.',
    );
    expect(within(win).getByText('Morning')).toBeInTheDocument();
    // the question's own Close (the modal's × is named Close too)
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog', { name: 'Delete message' })).not.toBeInTheDocument();
  });

  it('says why a member was not added or removed', async () => {
    const adding = refuse('POST /api/v1/chat/channels/2/users/', NOT_MEMBER);
    const removing = refuse('DELETE /api/v1/chat/channels/2/users/3/', () =>
      json(404, { errors: { detail: 'Chat member not found.' } }),
    );
    chatApi({
      channels: [{ ...GROUP, created_by: 7 }],
      first: (call) => adding.first(call) ?? removing.first(call),
    });
    const { user } = renderPage(<ChatDock />);
    await openFromList(user, /^Ops team/);
    const win = await findWindow('Ops team');
    await user.click(within(win).getByRole('button', { name: 'Members' }));

    await user.click(within(win).getByRole('combobox', { name: 'Add a member' }));
    await user.click(await screen.findByRole('option', { name: /Arthur Accountant/ }));
    expect(await within(win).findByText('Not added: you are no longer in this chat.')).toBeInTheDocument();

    await user.click(within(win).getByRole('button', { name: 'Remove Boris Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not removed: they are no longer in this chat.',
    );
  });

  it('closes a window brought back from the last visit whose chat is gone, saying so', async () => {
    localStorage.setItem(dockStorageKey(7), JSON.stringify({ open: [1, 9], minimised: [] }));
    chatApi(); // channel 9 is not there: 404
    renderPage(<ChatDock />);
    await findWindow('Boris Back');
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => [t.title, t.message])).toEqual([
        ['Chat closed', 'A chat that was open here no longer exists.'],
      ]),
    );
    expect(screen.getAllByRole('region', { name: /^Chat:/ })).toHaveLength(1);
  });
});
