import { type Access, canAccess } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser } from './auth-user.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Called once by the module that signs people in (auth): the access check asks it who a token is. */
    useAuthenticator(authenticator: Authenticator): void;
    /** Who a token belongs to (the socket's `?token=`), or null: the same check as the API's. */
    authenticateToken(token: string): ReturnType<Authenticator['authenticate']>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    tokenId: number | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route. Every API route must declare it: the server refuses to start otherwise. */
    access?: Access;
    /** Still allowed while the user's password is temporary (the calls the /recover screen needs). */
    allowTemporaryPassword?: boolean;
  }
}

/** Who a token belongs to, or null when it is unknown, expired or its user is deactivated. */
export interface Authenticator {
  authenticate(token: string): Promise<{ user: AuthUser; tokenId: number } | null>;
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

/** Reads `Authorization: Token <key>`, then enforces each route's access rule. */
export const accessPlugin = fp(
  async (app: FastifyInstance, opts: { routes: RouteEntry[] }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('tokenId', null);

    // The platform declares what it needs to check a token; a module provides it at registration.
    let authenticator: Authenticator | null = null;
    app.decorate('useAuthenticator', (given: Authenticator) => {
      if (authenticator) throw new Error('An authenticator is already in use');
      authenticator = given;
    });
    app.decorate('authenticateToken', async (token: string) =>
      authenticator ? authenticator.authenticate(token) : null,
    );
    app.addHook('onReady', async () => {
      if (!authenticator) throw new Error('No module provides an authenticator: register the auth module');
    });

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/v1')) return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') opts.routes.push({ method, url: route.url, access });
      }
    });

    // onRequest, before the body is parsed and validated: a caller without access learns nothing
    // about what the route would accept.
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access || access.kind === 'public') return;
      const header = request.headers.authorization;
      const match = header?.match(/^Token\s+(\S+)$/);
      const found = match && authenticator ? await authenticator.authenticate(match[1]!) : null;
      if (!found) {
        throw new AppError(
          'UNAUTHENTICATED',
          match ? 'Invalid token.' : 'Authentication credentials were not provided.',
        );
      }
      request.user = found.user;
      request.tokenId = found.tokenId;
      if (found.user.temporary_password && !request.routeOptions.config?.allowTemporaryPassword) {
        throw AppError.forbidden('Set a new password first.');
      }
      if (!canAccess(found.user, access)) throw AppError.forbidden();
    });
  },
  { name: 'access' },
);

/** The signed-in user of a route that is not public. */
export function ctxOf(request: { user: AuthUser | null }): { user: AuthUser } {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Authentication credentials were not provided.');
  return { user: request.user };
}
