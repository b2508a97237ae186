import fs from 'node:fs/promises';
import path from 'node:path';
import type {
  ChangePasswordBody,
  CreateUserBody,
  CurrentUser,
  ListResult,
  UpdateUserBody,
  User,
  UserListQuery,
} from '@app/shared';
import { MESSAGES, PERMISSIONS } from '@app/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { hashPassword, newSecret, verifyPassword } from '../../platform/crypto.ts';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../platform/errors.ts';
import { MAX_INPUT_PIXELS, reencodeImage } from '../../platform/images.ts';
import type { Sessions } from '../auth/auth.service.ts';
import { toCurrentUser, toUser } from './users.mappers.ts';
import { usersRepository } from './users.repository.ts';

export interface UsersServiceDeps {
  db: Db;
  mediaDir: string;
  /** Ends a user's sessions when their password changes or they are deactivated (the auth module). */
  sessions: Sessions;
}

/**
 * What other modules may read and write of an account (auth: sign-in and password reset). Each
 * runs on the caller's executor, so it joins the caller's transaction.
 */
export const userAccounts = {
  findByEmail: (ex: Executor, email: string) => usersRepository.findByEmail(ex, email),
  findById: (ex: Executor, id: number) => usersRepository.findById(ex, id),
  recordSignIn: (ex: Executor, id: number, at: Date) => usersRepository.update(ex, id, { last_login_at: at }),
  /** A password the user chose: no longer temporary. */
  setPassword: (ex: Executor, id: number, passwordHash: string) =>
    usersRepository.update(ex, id, { password_hash: passwordHash, temporary_password: false }),
};
export type UserAccounts = typeof userAccounts;

/** A new error each time: one shared instance would carry the first throw's stack to every later one. */
const EMAIL_TAKEN = () => AppError.fields({ email: [MESSAGES.unique] });
const REGION_INVALID = () => AppError.fields({ region_id: [MESSAGES.invalidValue] });

/** Avatars are shown small; a stored one is at most this many pixels on a side. */
export const AVATAR_SIDE = 512;

export function createUsersService({ db, mediaDir, sessions }: UsersServiceDeps) {
  async function load(id: number) {
    const row = await usersRepository.findById(db, id);
    if (!row) throw AppError.notFound('User');
    return row;
  }

  async function current(userId: number): Promise<CurrentUser> {
    const row = await usersRepository.findCurrent(db, userId);
    if (!row) throw AppError.notFound('User');
    return toCurrentUser(row, row.unread);
  }
  const me = (ctx: Ctx) => current(ctx.user.id);

  return {
    me,
    current,

    async updateProfile(ctx: Ctx, name: string): Promise<CurrentUser> {
      await usersRepository.update(db, ctx.user.id, { name });
      return me(ctx);
    },

    async changePassword(ctx: Ctx, tokenId: number, body: ChangePasswordBody): Promise<CurrentUser> {
      const row = await load(ctx.user.id);
      if (!row.temporary_password) {
        const ok = body.current_password
          ? await verifyPassword(row.password_hash, body.current_password)
          : false;
        if (!ok) throw AppError.fields({ current_password: ['The current password is not correct.'] });
      }
      if (await verifyPassword(row.password_hash, body.new_password)) {
        throw AppError.fields({ new_password: ['Choose a password different from the current one.'] });
      }
      await db.transaction(async (tx) => {
        await usersRepository.update(tx, ctx.user.id, {
          password_hash: await hashPassword(body.new_password),
          temporary_password: false,
        });
        // Other sessions signed in with the old password end; this one goes on.
        await sessions.endAllOf(tx, ctx.user.id, tokenId);
      });
      return me(ctx);
    },

    async setAvatar(ctx: Ctx, data: Buffer): Promise<CurrentUser> {
      // Decoded and encoded afresh: only real pixels are stored, never what rode along (HTML, EXIF).
      const image = await reencodeImage(data, { maxSide: AVATAR_SIDE });
      if (!image.ok)
        throw new AppError(
          'UNSUPPORTED_MEDIA',
          image.reason === 'too-many-pixels'
            ? `The image has too many pixels: at most ${MAX_INPUT_PIXELS / 1_000_000} million.`
            : 'The avatar must be a PNG, JPEG, GIF or WebP image.',
        );
      const dir = path.join(mediaDir, 'avatars');
      await fs.mkdir(dir, { recursive: true });
      const file = `${ctx.user.id}-${newSecret().slice(0, 16)}.${image.format}`;
      await fs.writeFile(path.join(dir, file), image.data);
      const previous = (await load(ctx.user.id)).avatar;
      await usersRepository.update(db, ctx.user.id, { avatar: `/media/avatars/${file}` });
      if (previous?.startsWith('/media/avatars/')) {
        await fs.rm(path.join(dir, path.basename(previous)), { force: true });
      }
      return me(ctx);
    },

    /** Back to initials: the stored file goes too. Removing an avatar that is not there is not an error. */
    async deleteAvatar(ctx: Ctx): Promise<CurrentUser> {
      const previous = (await load(ctx.user.id)).avatar;
      if (previous !== null) await usersRepository.update(db, ctx.user.id, { avatar: null });
      if (previous?.startsWith('/media/avatars/')) {
        await fs.rm(path.join(mediaDir, 'avatars', path.basename(previous)), { force: true });
      }
      return me(ctx);
    },

    async list(query: UserListQuery): Promise<ListResult<User>> {
      const { rows, total } = await usersRepository.list(db, {
        search: query.search?.trim() || undefined,
        role: query.role,
        regionId: query.region,
        isActive: query.is_active === undefined ? undefined : query.is_active === 'true',
        ordering: query.ordering,
        limit: query.limit,
        offset: query.offset,
      });
      return { data: rows.map(toUser), meta: { total, limit: query.limit, offset: query.offset } };
    },

    async get(id: number): Promise<User> {
      return toUser(await load(id));
    },

    /** New users always start with a temporary password: they choose their own at first sign-in. */
    async create(body: CreateUserBody): Promise<User> {
      if (await usersRepository.findByEmail(db, body.email)) throw EMAIL_TAKEN();
      try {
        const row = await usersRepository.insert(db, {
          name: body.name,
          email: body.email,
          role: body.role,
          type: body.role === 'Admin' ? 'admin' : 'user',
          permissions: body.role === 'Admin' ? [...PERMISSIONS] : body.permissions,
          region_id: body.region_id ?? null,
          password_hash: await hashPassword(body.password),
          temporary_password: true,
        });
        return toUser(await load(row.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw EMAIL_TAKEN();
        if (isForeignKeyViolation(error)) throw REGION_INVALID();
        throw error;
      }
    },

    async update(ctx: Ctx, id: number, body: UpdateUserBody): Promise<User> {
      const current = await load(id);
      if (id === ctx.user.id && (body.is_active === false || (body.role && body.role !== 'Admin'))) {
        throw new AppError(
          'BAD_REQUEST',
          'You cannot deactivate yourself or remove your own administrator role.',
        );
      }
      if (body.email && body.email !== current.email.toLowerCase()) {
        const other = await usersRepository.findByEmail(db, body.email);
        if (other && other.id !== id) throw EMAIL_TAKEN();
      }
      const role = body.role ?? (current.role as User['role']);
      const values = {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.email !== undefined && { email: body.email }),
        ...(body.role !== undefined && { role, type: role === 'Admin' ? 'admin' : 'user' }),
        ...(body.region_id !== undefined && { region_id: body.region_id }),
        ...(body.permissions !== undefined && {
          permissions: role === 'Admin' ? [...PERMISSIONS] : body.permissions,
        }),
        ...(body.is_active !== undefined && { is_active: body.is_active }),
        ...(body.password !== undefined && {
          password_hash: await hashPassword(body.password),
          temporary_password: true,
        }),
      };
      try {
        await db.transaction(async (tx) => {
          const updated = await usersRepository.updateVersioned(tx, id, body.version, values);
          if (!updated) throw AppError.stale();
          // A deactivated user, or one whose password an admin reset, is signed out everywhere.
          if (body.is_active === false || body.password !== undefined) await sessions.endAllOf(tx, id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw EMAIL_TAKEN();
        if (isForeignKeyViolation(error)) throw REGION_INVALID();
        throw error;
      }
      return toUser(await load(id));
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
