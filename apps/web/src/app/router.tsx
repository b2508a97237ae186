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
  search: () => import('./pages/search-page.tsx').then((m) => ({ Component: m.SearchPage })),
  users: () => import('../features/users/pages/users-page.tsx').then((m) => ({ Component: m.UsersPage })),
  profile: () =>
    import('../features/profile/pages/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
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
