import type { CurrentUser } from '@app/shared/users/user.schemas';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/session/current-user.ts';
import { TestProviders, testQueryClient } from '../../../test/providers.tsx';
import { makeUser } from '../../../test/user-fixture.ts';
import { ProfilePage } from './profile-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The profile of a user with `avatar`; every call is recorded as 'METHOD path'. */
function setup(avatar: string | null) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input).replace(/^https?:\/\/[^/]+/, '');
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (init?.method === 'DELETE' && url === '/api/v1/users/me/avatar/')
        return answer(200, { data: makeUser({ avatar: null }) });
      return answer(404, {});
    }),
  );
  const client = testQueryClient();
  client.setQueryData(currentUserKey, makeUser({ avatar }));
  render(
    <TestProviders client={client}>
      <ProfilePage />
    </TestProviders>,
  );
  return { calls, client, user: userEvent.setup() };
}

describe('Profile page photo', () => {
  it('offers no removal when there is no photo', () => {
    setup(null);
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
  });

  it('asks before removing the photo, and sends nothing on Cancel', async () => {
    const { calls, user } = setup('/media/avatars/7-abc.png');
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove photo' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
  });

  it('removes the photo once confirmed and shows the initials again', async () => {
    const { calls, client, user } = setup('/media/avatars/7-abc.png');
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove photo' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual(['DELETE /api/v1/users/me/avatar/']);
    expect(client.getQueryData<CurrentUser>(currentUserKey)?.avatar).toBeNull();
    expect(screen.getByText('FO')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
  });
});
