import type { AuditEntry, Client } from '@app/shared/directory/index';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, listOf, queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { ClientPage } from './client-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CLIENT: Client = {
  id: 7,
  first_name: 'Irina',
  last_name: 'Belova',
  named: 'Irina Belova',
  email: 'irina@example.com',
  phone: '+44 7700 900123',
  phone_alt: null,
  gender: 'Female',
  language: 'RU',
  birthday: '1980-04-02',
  nationality: null,
  passport_number: null,
  passport_expiry: null,
  address: null,
  city: 'London',
  country: 'United Kingdom',
  membership: 'the_one',
  membership_start: '2026-01-01',
  membership_end: '2026-12-31',
  rating: 'Blacklisted',
  blacklisted: true,
  fo_manager: { id: 3, name: 'Fiona Front' },
  office: { id: 1, title: 'London', ccy: 'GBP' },
  payment_terms_days: null,
  notes: null,
  archived: false,
  archived_at: null,
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-02-01T10:00:00Z',
  version: 4,
};

const HISTORY: AuditEntry[] = [
  {
    id: 2,
    entity: 'client',
    entity_id: 7,
    action: 'update',
    user: { id: 1, name: 'Ada Admin' },
    at: '2026-02-01T10:00:00Z',
    changes: { rating: ['Basic', 'Blacklisted'], membership: ['trial', 'the_one'], version: [3, 4] },
  },
  {
    id: 1,
    entity: 'client',
    entity_id: 7,
    action: 'create',
    user: { id: 3, name: 'Fiona Front' },
    at: '2026-01-01T10:00:00Z',
    changes: { first_name: [null, 'Irina'], last_name: [null, 'Belova'] },
  },
];

function setup(
  patch: (body: unknown) => { status?: number; body?: unknown } = () => ({ body: { data: CLIENT } }),
) {
  let stored = CLIENT;
  const api = fakeApi({
    'GET /api/v1/clients/7/': () => ({ body: { data: stored } }),
    'GET /api/v1/audit/': () => listOf(HISTORY),
    'GET /api/v1/tasks/': () => listOf([]), // the client's tasks panel
    'PATCH /api/v1/clients/7/': ({ body }) => patch(body),
    'POST /api/v1/clients/7/archive/': () => {
      stored = { ...CLIENT, archived: true, archived_at: '2026-03-01T10:00:00Z', version: 5 };
      return { body: { data: stored } };
    },
  });
  const page = renderPage(<ClientPage />, { path: '/directory/clients/:id', url: '/directory/clients/7' });
  return { ...page, api };
}

describe('Client record', () => {
  it('marks a blacklisted client and shows who changed what and when', async () => {
    const { api } = setup();
    expect(await screen.findByRole('heading', { name: 'Irina Belova' })).toBeInTheDocument();
    expect(screen.getByTestId('blacklisted-alert')).toHaveTextContent('cannot get a new request');
    const history = await screen.findByTestId('history');
    await within(history).findByText('Ada Admin');
    // labels and values as the form shows them; technical fields left out
    const rating = within(history).getByRole('rowheader', { name: 'Rating' }).closest('tr') as HTMLElement;
    expect(rating).toHaveTextContent('Basic → Blacklisted');
    expect(
      within(history).getByRole('rowheader', { name: 'Membership plan' }).closest('tr'),
    ).toHaveTextContent('Trial Period → The One');
    expect(within(history).queryByText('Version')).not.toBeInTheDocument();
    expect(within(history).getByText('Created')).toBeInTheDocument();
    const audit = queryOf(api.callsTo('GET /api/v1/audit/')[0]);
    expect(audit?.get('entity')).toBe('client');
    expect(audit?.get('entity_id')).toBe('7');
  });

  it('saves an edit with the version it was loaded at', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const city = screen.getByRole('textbox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Dubai');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/v1/clients/7/')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/v1/clients/7/')[0]?.body).toMatchObject({ city: 'Dubai', version: 4 });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('says so when someone else saved first, and reloads on request', async () => {
    const { user, api } = setup(() => ({ status: 409, body: { errors: { detail: 'Stale.' } } }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('stale-alert')).toBeInTheDocument();
    const loads = api.callsTo('GET /api/v1/clients/7/').length;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(api.callsTo('GET /api/v1/clients/7/').length).toBe(loads + 1));
  });

  it('archives only after the person confirms', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this client?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /api/v1/clients/7/archive/')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/clients/7/archive/')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Restore' })).toBeInTheDocument();
  });

  it('tells a missing client apart from a failure', async () => {
    fakeApi({ 'GET /api/v1/audit/': () => listOf([]) });
    renderPage(<ClientPage />, { path: '/directory/clients/:id', url: '/directory/clients/99' });
    expect(await screen.findByRole('heading', { name: 'This client does not exist' })).toBeInTheDocument();
  });
});
