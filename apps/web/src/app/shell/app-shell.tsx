import { canAccess } from '@app/shared/auth/access';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ChatDock } from '../../features/chat/components/chat-dock.tsx';
import { usePageLabelOf } from '../../lib/navigation/page-label.ts';
import { useSignedInUser } from '../../lib/session/current-user.ts';
import { AppHeader } from '../header/app-header.tsx';
import { NoAccessPage } from '../pages/no-access-page.tsx';
import { documentTitle } from '../routes/route-table.ts';
import { useAppRoute } from '../routes/use-app-route.ts';
import { LiveUpdatesNote } from './live-updates-note.tsx';
import classes from './shell.module.css';
import { SideNav } from './side-nav.tsx';
import { useLiveUpdates } from './use-live-updates.ts';

/** The authenticated shell of spec 2.1-2.3: navigation, header, and the page. */
export function AppShellLayout() {
  const user = useSignedInUser();
  const route = useAppRoute();
  const location = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  useLiveUpdates(user);

  // spec 2.2: the navigation collapses after each navigation ends
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change only
  useEffect(() => {
    setNavOpen(false);
  }, [location.key]);

  // a record page names the tab after the record once it is loaded
  const pageLabel = usePageLabelOf(location.pathname);
  const title = pageLabel ?? route?.title;
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  useEffect(() => {
    if (!navOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setNavOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navOpen]);

  const allowed = !route || canAccess(user, route.access);

  return (
    <div className={classes.shell}>
      <SideNav user={user} open={navOpen} onOpenChange={setNavOpen} />
      {navOpen ? (
        <div className={classes.backdrop} aria-hidden="true" onClick={() => setNavOpen(false)} />
      ) : null}
      <div className={classes.main}>
        <AppHeader user={user} onOpenNav={() => setNavOpen(true)} />
        <LiveUpdatesNote />
        <main className={classes.content}>
          {allowed ? <Outlet /> : <NoAccessPage title={route?.title} />}
        </main>
        <ChatDock />
      </div>
    </div>
  );
}

export default AppShellLayout;
