import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth-user.ts';
import { digest, hashPassword, newSecret, verifyPassword } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { type UserRow, usersRepository } from '../users/users.repository.ts';
import { authRepository } from './auth.repository.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;
export const MAX_RESETS_PER_ACCOUNT = 3;
export const MAX_RESETS_PER_ADDRESS = 20;
const RESET_TTL_MS = 60 * 60 * 1000;
/** Writing last_used_at on every call would make every read a write; a minute is precise enough. */
const TOUCH_EVERY_MS = 60 * 1000;

// Verified against when the email is unknown, so both paths take the same time.
const DUMMY_HASH = hashPassword('not-a-real-password-0');

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as AuthUser['role'],
    type: row.type === 'admin' ? 'admin' : 'user',
    permissions: row.permissions,
    region_id: row.region_id,
    temporary_password: row.temporary_password,
  };
}

export interface AuthServiceDeps {
  db: Db;
  config: Pick<Config, 'tokenIdleMinutes' | 'publicUrl'>;
  mailer: Mailer;
  log?: Pick<FastifyBaseLogger, 'error'>;
  now?: () => Date;
}

export function createAuthService({ db, config, mailer, log, now = () => new Date() }: AuthServiceDeps) {
  const idleMs = config.tokenIdleMinutes * 60 * 1000;

  /**
   * Counts an attempt before the slow password check, so that many attempts sent at once cannot all
   * pass the limit. Over the limit the attempt is taken back (it was refused, not tried) and refused.
   */
  async function reserveAttempt(limits: [key: string, max: number][], message: string): Promise<number[]> {
    const at = now();
    const ids = await authRepository.recordFailure(
      db,
      limits.map(([key]) => key),
      at,
    );
    const since = new Date(at.getTime() - LOGIN_WINDOW_MS);
    for (const [key, max] of limits) {
      if ((await authRepository.countFailures(db, key, since)) > max) {
        await authRepository.deleteFailures(db, ids);
        throw new AppError('TOO_MANY_ATTEMPTS', message);
      }
    }
    return ids;
  }

  return {
    /** Checks the password and issues a token. Failures are counted per account and per address. */
    async login(email: string, password: string, address: string): Promise<{ user: UserRow; token: string }> {
      const normalized = email.trim().toLowerCase();
      const attempt = await reserveAttempt(
        [
          [`email:${normalized}`, MAX_FAILURES_PER_ACCOUNT],
          [`ip:${address}`, MAX_FAILURES_PER_ADDRESS],
        ],
        'Too many failed sign-in attempts. Try again in 15 minutes.',
      );
      const user = await usersRepository.findByEmail(db, normalized);
      // An unknown email still pays for one verification, so timing does not reveal accounts.
      const ok = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH), password);
      // A wrong password keeps the attempt as a failure; the right one takes it back.
      if (!user || !ok)
        throw new AppError('INVALID_CREDENTIALS', 'Unable to log in with provided credentials.');
      await authRepository.deleteFailures(db, attempt);
      if (!user.is_active) {
        throw new AppError('ACCOUNT_INACTIVE', 'This account is deactivated. Ask an administrator.');
      }
      await authRepository.clearFailures(db, `email:${normalized}`);
      const token = newSecret();
      await authRepository.insertToken(db, user.id, digest(token), now());
      await usersRepository.update(db, user.id, { last_login_at: now() });
      return { user, token };
    },

    async logout(tokenId: number): Promise<void> {
      await authRepository.deleteToken(db, tokenId);
    },

    /** The user behind a token, or null when the token is unknown, idle too long or its user is deactivated. */
    async authenticate(token: string): Promise<{ user: AuthUser; tokenId: number } | null> {
      if (token.length < 20 || token.length > 200) return null;
      const found = await authRepository.findTokenWithUser(db, digest(token));
      if (!found) return null;
      const at = now();
      if (!found.user.is_active || at.getTime() - found.token.last_used_at.getTime() > idleMs) {
        await authRepository.deleteToken(db, found.token.id);
        return null;
      }
      if (at.getTime() - found.token.last_used_at.getTime() > TOUCH_EVERY_MS) {
        await authRepository.touchToken(db, found.token.id, at);
      }
      return { user: toAuthUser(found.user), tokenId: found.token.id };
    },

    /** Answers alike for known and unknown emails, so the form cannot be used to find accounts. */
    async requestReset(email: string, address: string): Promise<void> {
      const normalized = email.trim().toLowerCase();
      // Counted whether or not the account exists, so the limit reveals nothing either.
      await reserveAttempt(
        [
          [`reset:${normalized}`, MAX_RESETS_PER_ACCOUNT],
          [`reset-ip:${address}`, MAX_RESETS_PER_ADDRESS],
        ],
        'Too many reset requests. Try again in 15 minutes.',
      );
      const user = await usersRepository.findByEmail(db, normalized);
      if (!user?.is_active) return;
      const token = newSecret();
      await authRepository.insertResetToken(
        db,
        user.id,
        digest(token),
        new Date(now().getTime() + RESET_TTL_MS),
      );
      const link = `${config.publicUrl}/recover?token=${token}`;
      // Not awaited: a slow or failing mail server must neither reveal that the account exists nor fail the call.
      mailer
        .send({
          to: user.email,
          subject: 'Reset your password',
          text: `Hello ${user.name},\n\nTo set a new password, open this link within an hour:\n${link}\n\nIf you did not ask for it, ignore this message.`,
        })
        .catch((err: unknown) => log?.error({ err, userId: user.id }, 'password reset mail not sent'));
    },

    /** Drops what can no longer matter: idle tokens, failures outside the window, long-expired reset links. */
    async prune(): Promise<void> {
      const at = now().getTime();
      await authRepository.deleteIdleTokens(db, new Date(at - idleMs));
      await authRepository.deleteFailuresBefore(db, new Date(at - LOGIN_WINDOW_MS));
      await authRepository.deleteResetTokensExpiredBefore(db, new Date(at - RESET_TTL_MS));
    },

    async confirmReset(token: string, password: string): Promise<void> {
      await db.transaction(async (tx) => {
        const userId = await authRepository.consumeResetToken(tx, digest(token), now());
        if (!userId)
          throw new AppError(
            'INVALID_RESET_TOKEN',
            'This reset link is invalid or has expired. Ask for a new one.',
          );
        await usersRepository.update(tx, userId, {
          password_hash: await hashPassword(password),
          temporary_password: false,
        });
        await authRepository.deleteTokensOfUser(tx, userId);
        await authRepository.clearFailures(
          tx,
          `email:${(await usersRepository.findById(tx, userId))?.email.toLowerCase()}`,
        );
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
