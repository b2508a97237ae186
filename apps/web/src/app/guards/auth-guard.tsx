import { Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { withReturnPath } from '../../lib/navigation/return-to.ts';
import { hasAccessToken } from '../../lib/session/access-token.ts';
import { useCurrentUser } from '../../lib/session/current-user.ts';
import { ensureSession } from '../../lib/session/ensure-session.ts';
import { landingPath } from '../routes/landing.ts';

export const RECOVER_PATH = '/recover';

/**
 * Spec 2.1 and 4: no stored token -> /login; a stored token is validated by the session check
 * before the shell shows; a temporary password -> /recover. Both carry the page asked for
 * (`?next=`), so the person lands there once signed in and done with the temporary password.
 */
export function AuthGuard() {
  const signedIn = hasAccessToken();
  const user = useCurrentUser();
  const client = useQueryClient();
  const { pathname, search, hash } = useLocation();
  const asked = pathname + search + hash;

  useEffect(() => {
    if (signedIn && !user) void ensureSession(client);
  }, [signedIn, user, client]);

  if (!signedIn) return <Navigate to={withReturnPath('/login', asked)} replace />;
  if (!user) return <FullPageLoader />;
  if (user.temporary_password) return <Navigate to={withReturnPath(RECOVER_PATH, asked)} replace />;
  return <Outlet />;
}

/** The empty path redirects by role (spec 2.1). */
export function HomeRedirect() {
  const user = useCurrentUser();
  return user ? <Navigate to={landingPath(user)} replace /> : <FullPageLoader />;
}

export function FullPageLoader() {
  return (
    <Center h="100vh" aria-busy="true">
      <Loader aria-label="Loading" />
    </Center>
  );
}
