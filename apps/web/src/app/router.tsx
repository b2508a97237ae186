import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AuthGuard, FullPageLoader, HomeRedirect } from './guards/auth-guard.tsx';
import { RootLayout } from './root-layout.tsx';
import { APP_ROUTES, type PageKey } from './routes/route-table.ts';
import type { RouteHandle } from './routes/use-app-route.ts';

type LazyPage = () => Promise<{ Component: ComponentType }>;

/** One chunk per area, so the sign-in page and the shell stay small. */
const PAGES: Record<PageKey, LazyPage> = {
  placeholder: () => import('./pages/placeholder-page.tsx').then((m) => ({ Component: m.PlaceholderPage })),
  section: () => import('./pages/section-page.tsx').then((m) => ({ Component: m.SectionPage })),
  requests: () =>
    import('../features/requests/pages/requests-page.tsx').then((m) => ({ Component: m.default })),
  'request-create': () =>
    import('../features/requests/pages/request-create-page.tsx').then((m) => ({
      Component: m.RequestCreatePage,
    })),
  'request-create-accounting': () =>
    import('../features/requests/pages/request-create-page.tsx').then((m) => ({
      Component: m.AccountingRequestCreatePage,
    })),
  request: () =>
    import('../features/requests/pages/request-page.tsx').then((m) => ({ Component: m.default })),
  deadlines: () =>
    import('../features/requests/pages/deadlines-page.tsx').then((m) => ({ Component: m.default })),
  search: () => import('../features/search/pages/search-page.tsx').then((m) => ({ Component: m.default })),
  tasks: () => import('../features/tasks/pages/tasks-page.tsx').then((m) => ({ Component: m.default })),
  mail: () => import('../features/mail/pages/mail-page.tsx').then((m) => ({ Component: m.default })),
  documents: () =>
    import('../features/documents/pages/documents-page.tsx').then((m) => ({ Component: m.default })),
  notifications: () =>
    import('../features/notifications/pages/notifications-page.tsx').then((m) => ({ Component: m.default })),
  directory: () =>
    import('../features/directory/pages/directory-page.tsx').then((m) => ({ Component: m.default })),
  clients: () =>
    import('../features/directory/pages/clients-page.tsx').then((m) => ({ Component: m.default })),
  'client-new': () =>
    import('../features/directory/pages/client-new-page.tsx').then((m) => ({ Component: m.default })),
  client: () => import('../features/directory/pages/client-page.tsx').then((m) => ({ Component: m.default })),
  suppliers: () =>
    import('../features/directory/pages/suppliers-page.tsx').then((m) => ({ Component: m.default })),
  'supplier-new': () =>
    import('../features/directory/pages/supplier-new-page.tsx').then((m) => ({ Component: m.default })),
  supplier: () =>
    import('../features/directory/pages/supplier-page.tsx').then((m) => ({ Component: m.default })),
  managers: () =>
    import('../features/directory/pages/managers-page.tsx').then((m) => ({ Component: m.default })),
  services: () =>
    import('../features/directory/pages/services-page.tsx').then((m) => ({ Component: m.default })),
  banks: () => import('../features/directory/pages/banks-page.tsx').then((m) => ({ Component: m.default })),
  companies: () =>
    import('../features/directory/pages/companies-page.tsx').then((m) => ({ Component: m.default })),
  'exchange-rates': () =>
    import('../features/rates/pages/exchange-rates-page.tsx').then((m) => ({
      Component: m.ExchangeRatesPage,
    })),
  'client-invoices': () =>
    import('../features/accounting/pages/client-invoices-page.tsx').then((m) => ({ Component: m.default })),
  'client-invoice': () =>
    import('../features/accounting/pages/client-invoice-page.tsx').then((m) => ({ Component: m.default })),
  'supplier-invoices': () =>
    import('../features/accounting/pages/supplier-invoices-page.tsx').then((m) => ({ Component: m.default })),
  'supplier-invoice': () =>
    import('../features/accounting/pages/supplier-invoice-page.tsx').then((m) => ({ Component: m.default })),
  'invoices-and-bills': () =>
    import('../features/accounting/pages/invoices-and-bills-page.tsx').then((m) => ({
      Component: m.default,
    })),
  'bank-cards': () =>
    import('../features/accounting/pages/bank-cards-page.tsx').then((m) => ({ Component: m.default })),
  'accounting-workspace': () =>
    import('../features/accounting/pages/accounting-workspace-page.tsx').then((m) => ({
      Component: m.default,
    })),
  transactions: () =>
    import('../features/banking/pages/transactions-page.tsx').then((m) => ({ Component: m.default })),
  'matched-data': () =>
    import('../features/banking/pages/matched-data-page.tsx').then((m) => ({ Component: m.default })),
  'clients-report': () =>
    import('../features/reports/pages/clients-report-page.tsx').then((m) => ({ Component: m.default })),
  'debts-report': () =>
    import('../features/reports/pages/debts-report-page.tsx').then((m) => ({ Component: m.default })),
  'fin-report': () =>
    import('../features/reports/pages/fin-report-page.tsx').then((m) => ({ Component: m.default })),
  'log-report': () =>
    import('../features/reports/pages/log-report-page.tsx').then((m) => ({ Component: m.default })),
  users: () => import('./pages/users-admin-page.tsx').then((m) => ({ Component: m.UsersAdminPage })),
  profile: () =>
    import('../features/profile/pages/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
  'xero-callback': () =>
    import('../features/accounting-service/pages/xero-callback-page.tsx').then((m) => ({
      Component: m.XeroCallbackPage,
    })),
};

export function buildRoutes(): RouteObject[] {
  return [
    {
      Component: RootLayout,
      HydrateFallback: FullPageLoader,
      children: [
        {
          path: '/login',
          lazy: () =>
            import('../features/auth/pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
        },
        {
          path: '/recover',
          lazy: () =>
            import('../features/auth/pages/recover-page.tsx').then((m) => ({ Component: m.RecoverPage })),
        },
        {
          Component: AuthGuard,
          children: [
            { index: true, Component: HomeRedirect },
            {
              lazy: () => import('./shell/app-shell.tsx').then((m) => ({ Component: m.AppShellLayout })),
              children: APP_ROUTES.map(
                (route): RouteObject => ({
                  path: route.path,
                  handle: { appRoute: route } satisfies RouteHandle,
                  lazy: PAGES[route.page],
                }),
              ),
            },
          ],
        },
        // spec 2.1: unknown paths go to the empty path, which redirects by role
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
