import type { User } from '@app/shared/users/user.schemas';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, testQueryClient } from '../../../app/testing/test-providers.tsx';
import { currentUserKey } from '../../../lib/session/current-user.ts';
import { makeUser } from '../../../lib/testing/user-fixture.ts';
import { UserFormModal } from './user-form-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
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

function renderModal(user: User) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ data: [] }), { headers: { 'Content-Type': 'application/json' } }),
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

  it("lets an Admin change someone else's role", () => {
    renderModal(person({}));
    expect(screen.queryByText('You cannot change your own role.')).not.toBeInTheDocument();
    expect(screen.getByDisplayValue('Backend')).toBeEnabled();
  });
});
