import { ACCESS, type Access, type AccessSubject, canAccess } from '@app/shared/auth/access';
import { displayRole } from '@app/shared/auth/roles';

export type NavIcon = 'requests' | 'directory' | 'accounting' | 'reports' | 'tasks' | 'mail' | 'documents';

export interface NavChild {
  label: string;
  /** Absent for children shown but disabled (spec 2.2, Reports). */
  to?: string;
  access?: Access;
  disabled?: boolean;
}

export interface NavItem {
  key: string;
  label: string;
  to: string;
  icon: NavIcon;
  access?: Access;
  children?: readonly NavChild[];
}

/** Side navigation of spec 2.2, in the order every role but the Accountant sees it. */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'requests', label: 'Requests', to: '/requests', icon: 'requests' },
  {
    key: 'directory',
    label: 'Directory',
    to: '/directory',
    icon: 'directory',
    children: [
      { label: 'Clients', to: '/directory/clients' },
      { label: 'Suppliers', to: '/directory/suppliers' },
      { label: 'Managers', to: '/directory/managers', access: ACCESS.managers },
      { label: 'Services', to: '/directory/services' },
      { label: 'Banks', to: '/directory/banks' },
      { label: 'Companies', to: '/directory/companies' },
    ],
  },
  {
    key: 'accounting',
    label: 'Accounting',
    to: '/accounting',
    icon: 'accounting',
    access: ACCESS.accounting,
    children: [
      { label: 'Accounting workspace', to: '/accounting/accounting-workspace' },
      { label: 'Matched data', to: '/accounting/matched-data' },
      { label: 'Invoices & Bills', to: '/accounting/invoices-and-bills' },
      { label: 'Exchange rates', to: '/accounting/exchange-rates' },
      { label: 'Bank cards', to: '/accounting/bank-cards' },
      { label: 'Transactions', to: '/accounting/transactions' },
    ],
  },
  {
    key: 'reports',
    label: 'Reports',
    to: '/reports',
    icon: 'reports',
    children: [
      { label: 'Clients', to: '/reports/clients' },
      { label: 'Debts', to: '/reports/debts', access: ACCESS.financeReports },
      { label: 'Fin-Report', to: '/reports/fin-report', access: ACCESS.financeReports },
      { label: 'LOG-report', to: '/reports/log-report', access: ACCESS.financeReports },
      { label: 'Suppliers', disabled: true },
      { label: 'Requests', disabled: true },
      { label: 'Managers', disabled: true },
      { label: 'Invoices', disabled: true },
      { label: 'Supplier-profitability', disabled: true },
    ],
  },
  { key: 'tasks', label: 'Tasks', to: '/tasks', icon: 'tasks', access: ACCESS.operations },
  { key: 'mail', label: 'Mail agent', to: '/mail', icon: 'mail', access: ACCESS.operations },
  { key: 'documents', label: 'Documents', to: '/documents', icon: 'documents', access: ACCESS.operations },
];

/** Spec 2.2: for Accountants the top-level order is Accounting, Directory, Reports, Requests. */
export const ACCOUNTANT_ORDER: readonly string[] = ['accounting', 'directory', 'reports', 'requests'];

const allowed = (user: AccessSubject, access: Access | undefined) => !access || canAccess(user, access);

/** The items (and children) a user sees, in that user's order. */
export function navItemsFor(user: AccessSubject): NavItem[] {
  const items = NAV_ITEMS.filter((item) => allowed(user, item.access)).map((item) =>
    item.children
      ? { ...item, children: item.children.filter((child) => allowed(user, child.access)) }
      : item,
  );
  if (displayRole(user) !== 'Accountant') return items;
  const rank = (key: string) => {
    const index = ACCOUNTANT_ORDER.indexOf(key);
    return index < 0 ? ACCOUNTANT_ORDER.length : index;
  };
  return items.sort((a, b) => rank(a.key) - rank(b.key));
}
