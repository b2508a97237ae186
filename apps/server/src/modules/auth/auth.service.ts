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
  now?: () => Date;
}

export function createAuthService({ db, config, mailer, now = () => new Date() }: AuthServiceDeps) {
  const idleMs = config.tokenIdleMinutes * 60 * 1000;

  async function guardAttempts(email: string, address: string): Promise<void> {
    const since = new Date(now().getTime() - LOGIN_WINDOW_MS);
    const [perAccount, perAddress] = await Promise.all([
      authRepository.countFailures(db, `email:${email}`, since),
      authRepository.countFailures(db, `ip:${address}`, since),
    ]);
    if (perAccount >= MAX_FAILURES_PER_ACCOUNT || perAddress >= MAX_FAILURES_PER_ADDRESS) {
      throw new AppError('TOO_MANY_ATTEMPTS', 'Too many failed sign-in attempts. Try again in 15 minutes.');
    }
  }

  return {
    /** Checks the password and issues a token. Failures are counted per account and per address. */
    async login(email: string, password: string, address: string): Promise<{ user: UserRow; token: string }> {
      const normalized = email.trim().toLowerCase();
      await guardAttempts(normalized, address);
      const user = await usersRepository.findByEmail(db, normalized);
      // An unknown email still pays for one verification, so timing does not reveal accounts.
      const ok = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH), password);
      if (!user || !ok) {
        await authRepository.recordFailure(db, [`email:${normalized}`, `ip:${address}`]);
        throw new AppError('INVALID_CREDENTIALS', 'Unable to log in with provided credentials.');
      }
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

    /** Always succeeds from the caller's view, so the form cannot be used to find accounts. */
    async requestReset(email: string): Promise<void> {
      const user = await usersRepository.findByEmail(db, email);
      if (!user?.is_active) return;
      const token = newSecret();
      await authRepository.insertResetToken(
        db,
        user.id,
        digest(token),
        new Date(now().getTime() + RESET_TTL_MS),
      );
      const link = `${config.publicUrl}/recover?token=${token}`;
      await mailer.send({
        to: user.email,
        subject: 'Reset your password',
        text: `Hello ${user.name},\n\nTo set a new password, open this link within an hour:\n${link}\n\nIf you did not ask for it, ignore this message.`,
      });
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
