import type { User } from '@app/shared/users/user.schemas';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/session/current-user.ts';
import { TestProviders, testQueryClient } from '../../../test/providers.tsx';
import { makeUser } from '../../../test/user-fixture.ts';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { UserFormModal } from './user-form-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.clear();
});

const person = (patch: Partial<User>): User => ({
  id: 3,
  name: 'Boris Back',
  email: 'bo@example.com',
  avatar: null,
  type: 'user',
  role: 'BO',
  permissions: ['CAN_ADD_RATES'],
  region: null,
  is_active: true,
  temporary_password: false,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00Z',
  version: 1,
  ...patch,
});

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderModal(user: User | null, save: () => Response = () => answer(200, { data: [] })) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) =>
      (init?.method ?? 'GET') === 'GET' ? answer(200, { data: [] }) : save(),
    ),
  );
  const client = testQueryClient();
  client.setQueryData(currentUserKey, makeUser({ id: 1, type: 'admin', role: 'Admin' }));
  render(
    <TestProviders client={client}>
      <UserFormModal opened user={user} onClose={() => {}} />
    </TestProviders>,
  );
}

describe('User form', () => {
  it('shows an Admin with every permission, not as choices that saving would ignore', () => {
    renderModal(person({ name: 'Alice Admin', type: 'admin', role: 'Admin', permissions: [] }));
    expect(screen.getByText('An Admin has every permission.')).toBeInTheDocument();
    for (const box of screen.getAllByRole('checkbox')) {
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
  });

  it("lets other roles' permissions be chosen one by one", () => {
    renderModal(person({}));
    expect(screen.queryByText('An Admin has every permission.')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'May edit exchange rates' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'May edit companies' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'May edit companies' })).toBeEnabled();
  });

  it('offers no change of role on your own account', () => {
    renderModal(person({ id: 1, name: 'Alice Admin', type: 'admin', role: 'Admin' }));
    expect(screen.getByText('You cannot change your own role.')).toBeInTheDocument();
    const roleBox = screen
      .getAllByDisplayValue('Admin')
      .find((input) => (input as HTMLInputElement).type !== 'hidden');
    expect(roleBox).toBeDisabled();
  });

  it('shows a refused email under the Email field only, with no toast repeating it', async () => {
    // as the server answers a taken email: the field message and a detail summing it up
    renderModal(null, () =>
      answer(400, {
        errors: { email: ['Should be unique'], detail: ['Invalid body. email: Should be unique'] },
      }),
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Someone Else');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'fo@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('Should be unique')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveAttribute('aria-invalid', 'true');
    expect(toastStore.getSnapshot()).toEqual([]);
  });

  it('still toasts a refused field the form does not show', async () => {
    renderModal(null, () => answer(400, { errors: { version: ['Invalid field value'] } }));
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Someone Else');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'se@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await vi.waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => [t.title, t.message])).toEqual([
        ['400', 'Version: Invalid field value'],
      ]),
    );
  });

  it("lets an Admin change someone else's role", () => {
    renderModal(person({}));
    expect(screen.queryByText('You cannot change your own role.')).not.toBeInTheDocument();
    expect(screen.getByDisplayValue('Backend')).toBeEnabled();
  });
});
