import { useEffect, useMemo, useRef } from 'react';
import {
  NavigationType,
  Outlet,
  useLocation,
  useNavigate,
  useNavigation,
  useNavigationType,
} from 'react-router';
import { loadingCounter } from '../lib/http/loading-counter.ts';
import { createNavigationHelper } from '../lib/navigation/navigation-helper.ts';
import { NavigationHelperContext } from '../lib/navigation/use-navigation-helper.ts';
import { PUBLIC_ROUTES } from './routes/route-table.ts';

const PUBLIC_PATHS = PUBLIC_ROUTES.map((route) => route.path);

/** Above every route: records visited URLs (spec 2.4) and runs the loading bar during navigation (spec 4). */
export function RootLayout() {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const helper = useMemo(
    () => createNavigationHelper((url) => void navigateRef.current(url), { publicPaths: PUBLIC_PATHS }),
    [],
  );
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigating = useNavigation().state !== 'idle';

  // keyed on the location object: one record per navigation, redirects included
  useEffect(() => {
    helper.record(location.pathname + location.search + location.hash, {
      replace: navigationType === NavigationType.Replace,
    });
  }, [helper, location, navigationType]);

  useEffect(() => (navigating ? loadingCounter.start() : undefined), [navigating]);

  return (
    <NavigationHelperContext value={helper}>
      <Outlet />
    </NavigationHelperContext>
  );
}
