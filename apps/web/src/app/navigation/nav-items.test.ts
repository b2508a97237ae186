import type { AccessSubject } from '@app/shared/auth/access';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, findRoute } from '../routes/route-table.ts';
import { navItemsFor } from './nav-items.ts';

const user = (role: AccessSubject['role'], type = 'user'): AccessSubject => ({ role, type, permissions: [] });

const labels = (subject: AccessSubject) => navItemsFor(subject).map((item) => item.label);
const children = (subject: AccessSubject, key: string) =>
  navItemsFor(subject)
    .find((item) => item.key === key)
    ?.children?.map((child) => (child.disabled ? `(${child.label})` : child.label));

const DISABLED_REPORTS = [
  '(Suppliers)',
  '(Requests)',
  '(Managers)',
  '(Invoices)',
  '(Supplier-profitability)',
];

describe('side navigation per role (spec 2.2 and 6)', () => {
  it('gives the Admin every item in the default order', () => {
    expect(labels(user('Admin'))).toEqual([
      'Requests',
      'Directory',
      'Accounting',
      'Reports',
      'Tasks',
      'Mail agent',
      'Documents',
    ]);
    expect(children(user('Admin'), 'directory')).toEqual([
      'Clients',
      'Suppliers',
      'Managers',
      'Services',
      'Banks',
      'Companies',
    ]);
    expect(children(user('Admin'), 'accounting')).toEqual([
      'Accounting workspace',
      'Matched data',
      'Invoices & Bills',
      'Exchange rates',
      'Bank cards',
      'Transactions',
    ]);
    expect(children(user('Admin'), 'reports')).toEqual([
      'Clients',
      'Debts',
      'Fin-Report',
      'LOG-report',
      ...DISABLED_REPORTS,
    ]);
  });

  it('treats a user of type admin as Admin whatever the role field says', () => {
    expect(labels(user('FO', 'admin'))).toEqual(labels(user('Admin')));
  });

  it('orders the Accountant navigation Accounting, Directory, Reports, Requests and hides operations', () => {
    expect(labels(user('Accountant'))).toEqual(['Accounting', 'Directory', 'Reports', 'Requests']);
    expect(children(user('Accountant'), 'directory')).not.toContain('Managers');
    expect(children(user('Accountant'), 'reports')).toEqual([
      'Clients',
      'Debts',
      'Fin-Report',
      'LOG-report',
      ...DISABLED_REPORTS,
    ]);
  });

  it.each(['FO', 'BO'] as const)('gives %s no accounting, no managers, no finance reports', (role) => {
    expect(labels(user(role))).toEqual([
      'Requests',
      'Directory',
      'Reports',
      'Tasks',
      'Mail agent',
      'Documents',
    ]);
    expect(children(user(role), 'directory')).toEqual([
      'Clients',
      'Suppliers',
      'Services',
      'Banks',
      'Companies',
    ]);
    expect(children(user(role), 'reports')).toEqual(['Clients', ...DISABLED_REPORTS]);
  });

  it('points every enabled item at a route of the table with the same access', () => {
    for (const role of ['Admin', 'Accountant', 'FO', 'BO'] as const) {
      for (const item of navItemsFor(user(role))) {
        expect(findRoute(item.to), item.to).toBeDefined();
        for (const child of item.children ?? []) {
          if (child.disabled) {
            expect(child.to).toBeUndefined();
            continue;
          }
          const target = findRoute(child.to ?? '');
          expect(target, child.to).toBeDefined();
          expect(APP_ROUTES).toContain(target);
        }
      }
    }
  });
});
