import { useEffect, useMemo, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { loadingCounter } from '../lib/http/loading-counter.ts';
import { createNavigationHelper } from './navigation/navigation-helper.ts';
import { NavigationHelperContext } from './navigation/use-navigation-helper.ts';

/** Above every route: records visited URLs (spec 2.4) and runs the loading bar during navigation (spec 4). */
export function RootLayout() {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const helper = useMemo(() => createNavigationHelper((url) => void navigateRef.current(url)), []);
  const location = useLocation();
  const navigating = useNavigation().state !== 'idle';

  useEffect(() => {
    helper.record(location.pathname + location.search + location.hash);
  }, [helper, location.pathname, location.search, location.hash]);

  useEffect(() => (navigating ? loadingCounter.start() : undefined), [navigating]);

  return (
    <NavigationHelperContext value={helper}>
      <Outlet />
    </NavigationHelperContext>
  );
}
