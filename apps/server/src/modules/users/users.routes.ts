import {
  ACCESS,
  AUTHENTICATED,
  AVATAR_MAX_BYTES,
  ChangePasswordBodySchema,
  CreateUserBodySchema,
  CurrentUserSchema,
  envelope,
  IdParamsSchema,
  listEnvelope,
  UpdateProfileBodySchema,
  UpdateUserBodySchema,
  UserListQuerySchema,
  UserSchema,
} from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import { readUpload } from '../../platform/multipart.ts';
import type { App } from '../../platform/types.ts';
import type { UsersService } from './users.service.ts';

const me = { access: AUTHENTICATED, allowTemporaryPassword: true };

export async function usersRoutes(app: App, { users }: { users: UsersService }) {
  app.get(
    '/users/me/',
    { config: me, schema: { tags: ['users'], response: { 200: envelope(CurrentUserSchema) } } },
    async (request) => ({
      data: await users.me(ctxOf(request)),
    }),
  );

  app.patch(
    '/users/me/',
    {
      config: { access: AUTHENTICATED },
      schema: {
        tags: ['users'],
        body: UpdateProfileBodySchema,
        response: { 200: envelope(CurrentUserSchema) },
      },
    },
    async (request) => ({ data: await users.updateProfile(ctxOf(request), request.body.name) }),
  );

  app.post(
    '/users/me/password/',
    {
      config: me,
      schema: {
        tags: ['users'],
        body: ChangePasswordBodySchema,
        response: { 200: envelope(CurrentUserSchema) },
      },
    },
    async (request) => ({ data: await users.changePassword(ctxOf(request), request.tokenId!, request.body) }),
  );

  app.post(
    '/users/me/avatar/',
    {
      config: { access: AUTHENTICATED },
      schema: {
        tags: ['users'],
        consumes: ['multipart/form-data'],
        response: { 200: envelope(CurrentUserSchema) },
      },
    },
    async (request) => {
      const { data } = await readUpload(request, {
        maxBytes: AVATAR_MAX_BYTES,
        what: 'the avatar',
        tooLarge: `The avatar must be at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`,
      });
      return { data: await users.setAvatar(ctxOf(request), data) };
    },
  );

  app.delete(
    '/users/me/avatar/',
    {
      config: { access: AUTHENTICATED },
      schema: { tags: ['users'], response: { 200: envelope(CurrentUserSchema) } },
    },
    async (request) => ({ data: await users.deleteAvatar(ctxOf(request)) }),
  );

  app.get(
    '/users/',
    {
      config: { access: ACCESS.users },
      schema: {
        tags: ['users'],
        querystring: UserListQuerySchema,
        response: { 200: listEnvelope(UserSchema) },
      },
    },
    async (request) => users.list(request.query),
  );

  app.post(
    '/users/',
    {
      config: { access: ACCESS.users },
      schema: { tags: ['users'], body: CreateUserBodySchema, response: { 201: envelope(UserSchema) } },
    },
    async (request, reply) => reply.status(201).send({ data: await users.create(request.body) }),
  );

  app.get(
    '/users/:id/',
    {
      config: { access: ACCESS.users },
      schema: { tags: ['users'], params: IdParamsSchema, response: { 200: envelope(UserSchema) } },
    },
    async (request) => ({ data: await users.get(request.params.id) }),
  );

  app.patch(
    '/users/:id/',
    {
      config: { access: ACCESS.users },
      schema: {
        tags: ['users'],
        params: IdParamsSchema,
        body: UpdateUserBodySchema,
        response: { 200: envelope(UserSchema) },
      },
    },
    async (request) => ({ data: await users.update(ctxOf(request), request.params.id, request.body) }),
  );
}
