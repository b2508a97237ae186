import {
  AUTHENTICATED,
  envelope,
  LoginBodySchema,
  LoginUserSchema,
  PUBLIC,
  ResetConfirmBodySchema,
  ResetRequestBodySchema,
} from '@app/shared';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AuthService } from './auth.service.ts';

export async function authRoutes(app: App, { auth, users }: { auth: AuthService; users: UsersService }) {
  app.post(
    '/auth/token/login/',
    {
      config: { access: PUBLIC },
      schema: { tags: ['auth'], body: LoginBodySchema, response: { 200: envelope(LoginUserSchema) } },
    },
    async (request) => {
      const { user, token } = await auth.login(request.body.email, request.body.password, request.ip);
      return { data: { ...(await users.current(user.id)), auth_token: token } };
    },
  );

  app.post(
    '/auth/token/logout/',
    { config: { access: AUTHENTICATED, allowTemporaryPassword: true }, schema: { tags: ['auth'] } },
    async (request, reply) => {
      await auth.logout(request.tokenId!, ctxOf(request).user.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/password-reset/',
    {
      config: { access: PUBLIC },
      schema: { tags: ['auth'], body: ResetRequestBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await auth.requestReset(request.body.email, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/password-reset/confirm/',
    {
      config: { access: PUBLIC },
      schema: { tags: ['auth'], body: ResetConfirmBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await auth.confirmReset(request.body.token, request.body.password, request.ip);
      return reply.status(204).send(null);
    },
  );
}
