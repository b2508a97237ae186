import { type AccessSubject, canAccess } from '@app/shared/auth/access';
import { describe, expect, it } from 'vitest';
import { landingPath } from './landing.ts';
import { APP_ROUTES, breadcrumbFor, findRoute, parentPath } from './route-table.ts';

const SPEC_ROUTES = [
  '/requests',
  '/requests/create',
  '/requests/create-accounting',
  '/tasks',
  '/mail',
  '/documents',
  '/directory',
  '/directory/clients',
  '/directory/clients/new',
  '/directory/suppliers',
  '/directory/suppliers/new',
  '/directory/managers',
  '/directory/services',
  '/directory/banks',
  '/directory/companies',
  '/accounting',
  '/accounting/accounting-workspace',
  '/accounting/client-invoices',
  '/accounting/supplier-invoices',
  '/accounting/matched-data',
  '/accounting/transactions',
  '/accounting/invoices-and-bills',
  '/accounting/exchange-rates',
  '/accounting/bank-cards',
  '/users',
  '/profile',
  '/search',
  '/notifications',
  '/reports',
];

const user = (role: AccessSubject['role']): AccessSubject => ({ role, type: 'user', permissions: [] });
const visible = (role: AccessSubject['role']) =>
  APP_ROUTES.filter((r) => canAccess(user(role), r.access)).map((r) => r.path);

describe('route table (spec 2.1 and 6)', () => {
  it('holds every route of spec 2.1, each with a title', () => {
    for (const path of SPEC_ROUTES) {
      expect(findRoute(path)?.title, path).toBeTruthy();
    }
    expect(new Set(APP_ROUTES.map((r) => r.path)).size).toBe(APP_ROUTES.length);
  });

  it('lets only Admin and Accountant reach accounting, finance reports and the accounting request', () => {
    const adminOnlyOrAccounting = [
      '/accounting/accounting-workspace',
      '/accounting/exchange-rates',
      '/reports/debts',
      '/reports/fin-report',
      '/reports/log-report',
      '/requests/create-accounting',
    ];
    for (const path of adminOnlyOrAccounting) {
      expect(visible('Admin')).toContain(path);
      expect(visible('Accountant')).toContain(path);
      expect(visible('FO')).not.toContain(path);
      expect(visible('BO')).not.toContain(path);
    }
  });

  it('keeps tasks, mail and documents from the Accountant', () => {
    for (const path of ['/tasks', '/mail', '/documents']) {
      expect(visible('Accountant')).not.toContain(path);
      expect(visible('FO')).toContain(path);
      expect(visible('BO')).toContain(path);
      expect(visible('Admin')).toContain(path);
    }
  });

  it('keeps managers and user management for the Admin', () => {
    for (const role of ['Accountant', 'FO', 'BO'] as const) {
      expect(visible(role)).not.toContain('/directory/managers');
      expect(visible(role)).not.toContain('/users');
    }
    expect(visible('Admin')).toEqual(expect.arrayContaining(['/directory/managers', '/users']));
  });

  it('builds breadcrumbs from the ancestors in the table', () => {
    expect(breadcrumbFor('/directory/clients/new')).toEqual([
      { label: 'Directory', to: '/directory' },
      { label: 'Clients', to: '/directory/clients' },
      { label: 'New client' },
    ]);
    expect(breadcrumbFor('/users/')).toEqual([{ label: 'Users' }]);
    expect(breadcrumbFor('/nowhere')).toEqual([]);
    expect(parentPath('/requests/create')).toBe('/requests');
    expect(parentPath('/requests')).toBe('/');
  });

  it('finds routes with parameters, so a record page has its breadcrumb and a way back', () => {
    expect(breadcrumbFor('/directory/clients/42')).toEqual([
      { label: 'Directory', to: '/directory' },
      { label: 'Clients', to: '/directory/clients' },
      { label: 'Client' },
    ]);
    expect(parentPath('/directory/suppliers/7/')).toBe('/directory/suppliers');
    expect(findRoute('/directory/clients/new')?.title).toBe('New client');
    expect(findRoute('/directory/clients/42/extra')).toBeUndefined();
  });

  it('opens a request by its id, under Requests, while the two create pages keep their own', () => {
    expect(breadcrumbFor('/requests/42')).toEqual([
      { label: 'Requests', to: '/requests' },
      { label: 'Request' },
    ]);
    expect(parentPath('/requests/42')).toBe('/requests');
    expect(findRoute('/requests/create')?.page).toBe('request-create');
    expect(findRoute('/requests/create-accounting')?.page).toBe('request-create-accounting');
    // an Accountant may open /requests/create: the page explains why it takes no service request
    expect(visible('Accountant')).toContain('/requests/create');
  });

  it('opens the deadline payments list under Requests, for everyone signed in, not as a request id', () => {
    expect(findRoute('/requests/deadlines')?.page).toBe('deadlines');
    expect(findRoute('/requests/deadlines/')?.page).toBe('deadlines');
    expect(breadcrumbFor('/requests/deadlines')).toEqual([
      { label: 'Requests', to: '/requests' },
      { label: 'Deadline payments' },
    ]);
    for (const role of ['Admin', 'Accountant', 'FO', 'BO'] as const) {
      expect(visible(role)).toContain('/requests/deadlines');
    }
  });

  it('lands the Accountant on the accounting workspace and everyone else on requests', () => {
    expect(landingPath({ role: 'Accountant', type: 'user' })).toBe('/accounting/accounting-workspace');
    expect(landingPath({ role: 'Admin', type: 'admin' })).toBe('/requests');
    expect(landingPath({ role: 'FO', type: 'user' })).toBe('/requests');
    expect(landingPath({ role: 'BO', type: 'user' })).toBe('/requests');
    // type admin wins over the role field (spec 3)
    expect(landingPath({ role: 'Accountant', type: 'admin' })).toBe('/requests');
  });
});
