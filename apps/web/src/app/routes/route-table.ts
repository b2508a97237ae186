import { ACCESS, type Access, AUTHENTICATED } from '@app/shared/auth/access';

/**
 * Which page module renders a route. Areas whose content comes in later issues use the titled
 * placeholder; section roots (/directory, /accounting, /reports) list their children.
 */
export type PageKey =
  | 'placeholder'
  | 'section'
  | 'requests'
  | 'request-create'
  | 'request-create-accounting'
  | 'request'
  | 'deadlines'
  | 'users'
  | 'profile'
  | 'search'
  | 'directory'
  | 'clients'
  | 'client-new'
  | 'client'
  | 'suppliers'
  | 'supplier-new'
  | 'supplier'
  | 'managers'
  | 'services'
  | 'banks'
  | 'companies'
  | 'exchange-rates'
  | 'client-invoices'
  | 'client-invoice'
  | 'supplier-invoices'
  | 'supplier-invoice'
  | 'invoices-and-bills'
  | 'bank-cards'
  | 'accounting-workspace'
  | 'transactions'
  | 'matched-data'
  | 'clients-report'
  | 'debts-report'
  | 'fin-report'
  | 'log-report'
  | 'tasks'
  | 'mail'
  | 'documents'
  | 'notifications'
  | 'xero-callback';

export interface AppRoute {
  /** Absolute path inside the shell, no trailing slash. */
  path: string;
  title: string;
  access: Access;
  page: PageKey;
}

const route = (
  path: string,
  title: string,
  access: Access = AUTHENTICATED,
  page: PageKey = 'placeholder',
) => ({
  path,
  title,
  access,
  page,
});

/** Every authenticated route of spec 2.1, with its access rule from spec 6. */
export const APP_ROUTES: readonly AppRoute[] = [
  route('/requests', 'Requests', AUTHENTICATED, 'requests'),
  // open to everyone signed in: an Accountant who follows the Add... menu here is told why not
  route('/requests/create', 'New request', AUTHENTICATED, 'request-create'),
  route(
    '/requests/create-accounting',
    'New accounting request',
    ACCESS.accountingRequest,
    'request-create-accounting',
  ),
  // before /requests/:id: the router ranks a static segment first anyway, but the table reads in order
  route('/requests/deadlines', 'Deadline payments', AUTHENTICATED, 'deadlines'),
  route('/requests/:id', 'Request', AUTHENTICATED, 'request'),
  route('/tasks', 'Tasks', ACCESS.operations, 'tasks'),
  route('/mail', 'Mail agent', ACCESS.operations, 'mail'),
  route('/documents', 'Documents', ACCESS.operations, 'documents'),
  route('/directory', 'Directory', AUTHENTICATED, 'directory'),
  route('/directory/clients', 'Clients', AUTHENTICATED, 'clients'),
  route('/directory/clients/new', 'New client', AUTHENTICATED, 'client-new'),
  route('/directory/clients/:id', 'Client', AUTHENTICATED, 'client'),
  route('/directory/suppliers', 'Suppliers', AUTHENTICATED, 'suppliers'),
  route('/directory/suppliers/new', 'New supplier', AUTHENTICATED, 'supplier-new'),
  route('/directory/suppliers/:id', 'Supplier', AUTHENTICATED, 'supplier'),
  route('/directory/managers', 'Managers', ACCESS.managers, 'managers'),
  route('/directory/services', 'Services', AUTHENTICATED, 'services'),
  route('/directory/banks', 'Banks', AUTHENTICATED, 'banks'),
  route('/directory/companies', 'Companies', AUTHENTICATED, 'companies'),
  route('/accounting', 'Accounting', ACCESS.accounting, 'section'),
  route(
    '/accounting/accounting-workspace',
    'Accounting workspace',
    ACCESS.accounting,
    'accounting-workspace',
  ),
  route('/accounting/client-invoices', 'Client invoices', ACCESS.accounting, 'client-invoices'),
  route('/accounting/client-invoices/:id', 'Client invoice', ACCESS.accounting, 'client-invoice'),
  route('/accounting/supplier-invoices', 'Supplier invoices', ACCESS.accounting, 'supplier-invoices'),
  route('/accounting/supplier-invoices/:id', 'Supplier invoice', ACCESS.accounting, 'supplier-invoice'),
  route('/accounting/matched-data', 'Matched data', ACCESS.accounting, 'matched-data'),
  route('/accounting/transactions', 'Transactions', ACCESS.accounting, 'transactions'),
  route('/accounting/invoices-and-bills', 'Invoices & Bills', ACCESS.accounting, 'invoices-and-bills'),
  route('/accounting/exchange-rates', 'Exchange rates', ACCESS.accounting, 'exchange-rates'),
  route('/accounting/bank-cards', 'Bank cards', ACCESS.accounting, 'bank-cards'),
  route('/users', 'Users', ACCESS.users, 'users'),
  route('/profile', 'Profile', AUTHENTICATED, 'profile'),
  route('/search', 'Search', AUTHENTICATED, 'search'),
  route('/notifications', 'Notifications', AUTHENTICATED, 'notifications'),
  route('/reports', 'Reports', AUTHENTICATED, 'section'),
  // Spec 2.1 names only /reports; its navigation children need addresses of their own.
  route('/reports/clients', 'Clients report', AUTHENTICATED, 'clients-report'),
  route('/reports/debts', 'Debts', ACCESS.financeReports, 'debts-report'),
  route('/reports/fin-report', 'Fin-Report', ACCESS.financeReports, 'fin-report'),
  route('/reports/log-report', 'LOG-report', ACCESS.financeReports, 'log-report'),
  // where Xero sends the browser back after consent (XERO_CALLBACK_PATH, issue 15)
  route('/xero/callback', 'Connecting to Xero', ACCESS.accounting, 'xero-callback'),
];

export const PUBLIC_ROUTES = [
  { path: '/login', title: 'Sign in' },
  { path: '/recover', title: 'Password recovery' },
] as const;

export interface Crumb {
  label: string;
  /** Absent on the last crumb (the current page). */
  to?: string;
}

const byPath = new Map(APP_ROUTES.map((r) => [r.path, r]));
// Routes with parameters (`/directory/clients/:id`), tried after the exact paths.
const patterns = APP_ROUTES.filter((r) => r.path.includes('/:')).map((r) => ({
  route: r,
  regex: new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}$`),
}));

export function findRoute(path: string): AppRoute | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return byPath.get(clean) ?? patterns.find((p) => p.regex.test(clean))?.route;
}

/** Ancestors found in the table by path prefix, then the page itself: Directory > Clients > New client. */
export function breadcrumbFor(path: string): Crumb[] {
  const current = findRoute(path);
  if (!current) return [];
  const crumbs: Crumb[] = [];
  const parts = current.path.split('/').filter(Boolean);
  for (let i = 1; i < parts.length; i += 1) {
    const ancestor = byPath.get(`/${parts.slice(0, i).join('/')}`);
    if (ancestor) crumbs.push({ label: ancestor.title, to: ancestor.path });
  }
  crumbs.push({ label: current.title });
  return crumbs;
}

/** Where the back arrow goes when there is no history: the nearest ancestor, else home. */
export function parentPath(path: string): string {
  const crumbs = breadcrumbFor(path);
  return crumbs.length > 1 ? (crumbs[crumbs.length - 2]?.to ?? '/') : '/';
}

export const APP_TITLE = 'Back office';

export function documentTitle(title: string | undefined): string {
  return title ? `${title} | ${APP_TITLE}` : APP_TITLE;
}
