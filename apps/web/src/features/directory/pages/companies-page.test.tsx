import type { AuditEntry, Company } from '@app/shared/directory/index';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, listOf, queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { CompaniesPage } from './companies-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BSLF: Company = {
  id: 1,
  code: 'BSLF',
  name: 'Bespoke Lifestyle Ltd',
  named: 'BSLF',
  vat_number: 'GB123456789',
  registration_number: null,
  address: null,
  base_currency: 'GBP',
  invoice_prefix: 'BSLF',
  archived: false,
  archived_at: null,
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
  version: 2,
};

const TPRO: Company = {
  ...BSLF,
  id: 2,
  code: 'TPRO',
  name: 'Travel Pro FZ-LLC',
  named: 'TPRO',
  vat_number: null,
  base_currency: 'AED',
  invoice_prefix: null,
  version: 1,
};

const TPRO_CREATED: AuditEntry = {
  id: 9,
  entity: 'company',
  entity_id: 2,
  action: 'create',
  user: { id: 3, name: 'Fiona Front' },
  at: '2026-05-01T09:30:00Z',
  changes: { code: [null, 'TPRO'] },
};

function setup(permissions: string[]) {
  const api = fakeApi({
    'GET /api/v1/companies/': () => listOf([BSLF]),
    'GET /api/v1/companies/1/': () => ({ body: { data: BSLF } }),
    'POST /api/v1/companies/': () => ({ status: 201, body: { data: TPRO } }),
    'GET /api/v1/companies/2/': () => ({ body: { data: TPRO } }),
    'GET /api/v1/audit/': (call) => listOf(queryOf(call).get('entity_id') === '2' ? [TPRO_CREATED] : []),
    'PATCH /api/v1/companies/1/': () => ({
      status: 400,
      body: { errors: { code: ['Should be unique'] } },
    }),
  });
  const page = renderPage(<CompaniesPage />, {
    path: '/directory/companies',
    user: { permissions },
  });
  return { ...page, api };
}

describe('Companies', () => {
  it('offers no create, edit or archive without CAN_EDIT_COMPANIES', async () => {
    const { user } = setup([]);
    await user.click(await screen.findByText('Bespoke Lifestyle Ltd'));
    const drawer = await screen.findByRole('dialog', { name: 'Company' });
    await within(drawer).findByText('GB123456789');
    expect(screen.queryByRole('button', { name: 'New company' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
  });

  it('lets a holder of CAN_EDIT_COMPANIES edit, showing "Should be unique" on the code', async () => {
    const { user, api } = setup(['CAN_EDIT_COMPANIES']);
    expect(await screen.findByRole('button', { name: 'New company' })).toBeInTheDocument();
    await user.click(await screen.findByText('Bespoke Lifestyle Ltd'));
    const drawer = await screen.findByRole('dialog', { name: 'Company' });
    await user.click(await within(drawer).findByRole('button', { name: 'Edit' }));
    const code = within(drawer).getByRole('textbox', { name: /^Code/ });
    await user.clear(code);
    await user.type(code, 'tpro');
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    expect(await within(drawer).findByText('Should be unique')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/v1/companies/1/')[0]?.body).toMatchObject({ code: 'TPRO', version: 2 }),
    );
  });

  it('keeps the drawer open on the new company, in view mode with its history, once it is created', async () => {
    const { user, api } = setup(['CAN_EDIT_COMPANIES']);
    await user.click(await screen.findByRole('button', { name: 'New company' }));
    const drawer = await screen.findByRole('dialog', { name: 'New company' });
    await user.type(within(drawer).getByRole('textbox', { name: /^Code/ }), 'tpro');
    await user.type(within(drawer).getByRole('textbox', { name: /^Legal name/ }), 'Travel Pro FZ-LLC');
    await user.click(within(drawer).getByRole('combobox', { name: /^Base currency/ }));
    await user.click(await screen.findByRole('option', { name: 'AED' }));
    await user.click(within(drawer).getByRole('button', { name: 'Create company' }));

    // the same drawer now shows what was saved, as opening it from the list would
    const shown = await screen.findByRole('dialog', { name: 'Company' });
    // the form that had focus is gone: focus is on the record's name, inside the drawer
    expect(within(shown).getByText('TPRO: Travel Pro FZ-LLC')).toHaveFocus();
    expect(within(shown).getByText('AED')).toBeInTheDocument();
    expect(within(shown).queryByRole('button', { name: 'Create company' })).not.toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(await within(shown).findByText('Created')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/companies/')[0]?.body).toMatchObject({
      code: 'TPRO',
      name: 'Travel Pro FZ-LLC',
      base_currency: 'AED',
    });
    expect(queryOf(api.callsTo('GET /api/v1/audit/').at(-1)).get('entity_id')).toBe('2');
  });

  it('answers Escape on the archive question without closing the drawer under it', async () => {
    const { user, api } = setup(['CAN_EDIT_COMPANIES']);
    await user.click(await screen.findByText('Bespoke Lifestyle Ltd'));
    const drawer = await screen.findByRole('dialog', { name: 'Company' });
    await user.click(await within(drawer).findByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('dialog', { name: 'Archive this company?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Archive this company?' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Company' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/companies/1/archive/')).toHaveLength(0);
    // with no question open, Escape closes the drawer
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Company' })).not.toBeInTheDocument());
  });
});
