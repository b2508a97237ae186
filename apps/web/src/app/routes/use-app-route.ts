import { useMatches } from 'react-router';
import type { AppRoute } from './route-table.ts';

export interface RouteHandle {
  appRoute: AppRoute;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'appRoute' in handle;
}

/** The route-table entry of the deepest matched route, if it has one. */
export function useAppRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.appRoute;
  }
  return undefined;
}
