import { describe, expect, it } from 'vitest';
import { CreateBankBodySchema } from './banks.schemas.ts';
import { ClientListQuerySchema, CreateClientBodySchema, UpdateClientBodySchema } from './clients.schemas.ts';
import { ManagerListQuerySchema } from './managers.schemas.ts';
import { CreateServiceBodySchema } from './services.schemas.ts';
import { CreateSupplierBodySchema } from './suppliers.schemas.ts';

const firstMessage = (
  r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } },
  field: string,
) => r.error?.issues.find((i) => i.path[0] === field)?.message;

describe('client contracts', () => {
  it('reads list filters from comma lists or repeated parameters, with picker defaults', () => {
    const q = ClientListQuerySchema.parse({
      rating: ['Basic', 'Strategic,Blacklisted'],
      exclude: '3, 4',
      list: 'true',
    });
    expect(q).toMatchObject({
      rating: ['Basic', 'Strategic', 'Blacklisted'],
      exclude: [3, 4],
      list: true,
      limit: 20,
      offset: 0,
      ordering: 'name',
      archived: 'exclude',
    });
    expect(ClientListQuerySchema.parse({ archived: 'only' }).archived).toBe('only');
    expect(ClientListQuerySchema.safeParse({ rating: 'Gold' }).success).toBe(false);
    expect(ClientListQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
  });

  it('treats empty optional values as none and checks the plan dates', () => {
    const ok = CreateClientBodySchema.parse({
      first_name: ' Anna ',
      last_name: 'K',
      birthday: '',
      gender: '',
      email: '',
    });
    expect(ok).toMatchObject({ first_name: 'Anna', birthday: null, gender: null, email: '' });
    const bad = CreateClientBodySchema.safeParse({
      first_name: 'A',
      last_name: 'B',
      membership_start: '2026-02-01',
      membership_end: '2026-01-31',
    });
    expect(firstMessage(bad, 'membership_end')).toBe('Minimum date: 01/02/2026');
  });

  it('needs the version on update and refuses unknown fields', () => {
    expect(firstMessage(UpdateClientBodySchema.safeParse({ notes: 'x' }), 'version')).toBe('Required field');
    expect(UpdateClientBodySchema.safeParse({ version: 1, password: 'x' }).success).toBe(false);
  });
});

describe('supplier, service and bank contracts', () => {
  it('refuses tags repeated in another case and terms out of range', () => {
    const r = CreateSupplierBodySchema.safeParse({
      name: 'X',
      type: 'Hotel',
      tags: ['VIP', 'vip'],
      payment_terms_days: '366',
    });
    expect(firstMessage(r, 'tags')).toBe('Should be unique');
    expect(firstMessage(r, 'payment_terms_days')).toBe('Maximum value 365');
    expect(
      CreateSupplierBodySchema.parse({ name: 'X', type: 'Hotel', payment_terms_days: '' }).payment_terms_days,
    ).toBeNull();
  });

  it('ties subtypes to the Other service type', () => {
    expect(
      CreateServiceBodySchema.safeParse({
        service_type: 'Other',
        subtype: 'Flowers',
        default_account_type: 'Disbursement',
      }).success,
    ).toBe(true);
    expect(
      firstMessage(
        CreateServiceBodySchema.safeParse({ service_type: 'Other', default_account_type: 'Disbursement' }),
        'subtype',
      ),
    ).toBe('Required field');
  });

  it('normalises account numbers and keeps balances as exact decimal strings', () => {
    const bank = CreateBankBodySchema.parse({
      company_id: 1,
      bank_name: 'B',
      account_number: 'gb29 barc-2000',
      currency: 'GBP',
      type: 'Income',
      opening_balance: '10.5',
    });
    expect(bank).toMatchObject({ account_number: 'GB29BARC2000', opening_balance: '10.5' });
    expect(
      firstMessage(
        CreateBankBodySchema.safeParse({
          company_id: 1,
          bank_name: 'B',
          account_number: 'X',
          currency: 'GBP',
          type: 'Income',
          opening_balance: '1.001',
        }),
        'opening_balance',
      ),
    ).toBe('Invalid field value');
  });
});

describe('list parameters', () => {
  it('answers limit, offset, id and exclude with the section 5 messages', () => {
    const r = ClientListQuerySchema.safeParse({ limit: '999', offset: '-1', id: 'x', exclude: '3,0' });
    expect(firstMessage(r, 'limit')).toBe('Maximum value 500');
    expect(firstMessage(r, 'offset')).toBe('Minimum value 0');
    expect(firstMessage(r, 'id')).toBe('Invalid field value');
    expect(firstMessage(r, 'exclude')).toBe('Minimum value 1');
    const managers = ManagerListQuerySchema.safeParse({ limit: '0', offset: '2.5' });
    expect(firstMessage(managers, 'limit')).toBe('Minimum value 1');
    expect(firstMessage(managers, 'offset')).toBe('Invalid field value');
    expect(firstMessage(ClientListQuerySchema.safeParse({ search: 'x'.repeat(201) }), 'search')).toBe(
      'Maximum 200 characters',
    );
  });
});
