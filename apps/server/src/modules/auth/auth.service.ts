import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth-user.ts';
import { type Background, createBackground } from '../../platform/background.ts';
import { digest, hashPassword, newSecret, verifyPassword } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { endSocketSessions } from '../../platform/realtime/event-bus.ts';
import type { UserAccounts } from '../users/users.service.ts';
import type { users } from '../users/users.table.ts';
import { authRepository } from './auth.repository.ts';
import {
  createAttemptCounter,
  failureKeys,
  LOGIN_WINDOW_MS,
  SIGN_IN_LIMITS,
  type SignInLimits,
} from './sign-in-limits.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
/** Writing last_used_at on every call would make every read a write; a minute is precise enough. */
const TOUCH_EVERY_MS = 60 * 1000;

// Verified against when the email is unknown, so both paths take the same time.
const DUMMY_HASH = hashPassword('not-a-real-password-0');

type UserRow = typeof users.$inferSelect;

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
  /** The accounts sign-in checks and a password reset writes (the users module). */
  accounts: UserAccounts;
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** Where a reset's lookups and mail run, after the answer; its own runner when not given. */
  background?: Background;
  limits?: SignInLimits;
  now?: () => Date;
}

export function createAuthService({
  db,
  config,
  mailer,
  accounts,
  log,
  background = createBackground(log ?? console),
  limits = SIGN_IN_LIMITS,
  now = () => new Date(),
}: AuthServiceDeps) {
  const idleMs = config.tokenIdleMinutes * 60 * 1000;

  const attempts = createAttemptCounter({ db, now });

  /** The link, for an active account only; nothing at all for an unknown email. */
  async function sendResetLink(email: string): Promise<void> {
    const user = await accounts.findByEmail(db, email);
    if (!user?.is_active) return;
    const token = newSecret();
    await authRepository.insertResetToken(
      db,
      user.id,
      digest(token),
      new Date(now().getTime() + RESET_TTL_MS),
    );
    const link = `${config.publicUrl}/recover?token=${token}`;
    try {
      await mailer.send({
        to: user.email,
        subject: 'Reset your password',
        text: `Hello ${user.name},\n\nTo set a new password, open this link within an hour:\n${link}\n\nIf you did not ask for it, ignore this message.`,
      });
    } catch (err) {
      log?.error({ err, userId: user.id }, 'password reset mail not sent');
    }
  }

  return {
    /**
     * Checks the password and issues a token. Failures are counted per account from this address,
     * per account from everywhere (a higher limit) and per address, so that a stranger's wrong
     * passwords do not lock a person out (decision 0008).
     */
    async login(email: string, password: string, address: string): Promise<{ user: UserRow; token: string }> {
      const normalized = email.trim().toLowerCase();
      const ownKey = failureKeys.accountAndAddress(normalized, address);
      const attempt = await attempts.reserve(
        [
          [ownKey, limits.perAccountAndAddress],
          [failureKeys.account(normalized), limits.perAccount],
          [failureKeys.address(address), limits.perAddress],
        ],
        (wait) => `Too many failed sign-in attempts. Try again in ${wait}.`,
      );
      const user = await accounts.findByEmail(db, normalized);
      // An unknown email still pays for one verification, so timing does not reveal accounts.
      const ok = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH), password);
      // A wrong password keeps the attempt as a failure; the right one takes it back.
      if (!user || !ok)
        throw new AppError('INVALID_CREDENTIALS', 'Unable to log in with provided credentials.');
      await attempts.takeBack(attempt);
      if (!user.is_active) {
        throw new AppError('ACCOUNT_INACTIVE', 'This account is deactivated. Ask an administrator.');
      }
      // This person's own mistakes from here are forgiven; the account-wide count stays, since a
      // guesser elsewhere is not stopped by the owner signing in.
      await attempts.clear([ownKey]);
      const token = newSecret();
      await authRepository.insertToken(db, user.id, digest(token), now());
      await accounts.recordSignIn(db, user.id, now());
      return { user, token };
    },

    /** Ends the session of this token; its sockets, in every process, are closed with it. */
    async logout(tokenId: number, userId: number): Promise<void> {
      await authRepository.deleteToken(db, tokenId);
      endSocketSessions(db, { userId, tokenIds: [tokenId] });
    },

    /**
     * The user behind a token, or null when the token is unknown, idle too long or its user is
     * deactivated. Such a token is deleted, and the sockets opened with it close (4401) in every
     * process: a socket checks its token when it opens, so it would otherwise outlive the session.
     */
    async authenticate(token: string): Promise<{ user: AuthUser; tokenId: number } | null> {
      if (token.length < 20 || token.length > 200) return null;
      const found = await authRepository.findTokenWithUser(db, digest(token));
      if (!found) return null;
      const at = now();
      if (!found.user.is_active || at.getTime() - found.token.last_used_at.getTime() > idleMs) {
        await authRepository.deleteToken(db, found.token.id);
        endSocketSessions(db, { userId: found.user.id, tokenIds: [found.token.id] });
        return null;
      }
      if (at.getTime() - found.token.last_used_at.getTime() > TOUCH_EVERY_MS) {
        await authRepository.touchToken(db, found.token.id, at);
      }
      return { user: toAuthUser(found.user), tokenId: found.token.id };
    },

    /**
     * Answers alike for known and unknown emails, so the form cannot be used to find accounts: the
     * answer waits only for the limit, which is counted whether or not the account exists. Finding
     * the account, storing the link and mailing it run after the answer is sent.
     */
    async requestReset(email: string, address: string): Promise<void> {
      const normalized = email.trim().toLowerCase();
      await attempts.reserve(
        [
          [failureKeys.resetAccount(normalized), limits.resetsPerAccount],
          [failureKeys.resetAddress(address), limits.resetsPerAddress],
        ],
        (wait) => `Too many reset requests. Try again in ${wait}.`,
      );
      background.run('password reset', () => sendResetLink(normalized));
    },

    /**
     * Drops what can no longer matter: idle tokens (and the sockets opened with them, as
     * `authenticate` does), failures outside the window, long-expired reset links.
     */
    async prune(): Promise<void> {
      const at = now().getTime();
      const idle = await authRepository.deleteIdleTokens(db, new Date(at - idleMs));
      const byUser = new Map<number, number[]>();
      for (const token of idle) byUser.set(token.user_id, [...(byUser.get(token.user_id) ?? []), token.id]);
      for (const [userId, tokenIds] of byUser) endSocketSessions(db, { userId, tokenIds });
      await authRepository.deleteFailuresBefore(db, new Date(at - LOGIN_WINDOW_MS));
      await authRepository.deleteResetTokensExpiredBefore(db, new Date(at - RESET_TTL_MS));
    },

    /** Sets the password a reset link was sent for; the sign-in failures that locked its owner out are forgiven. */
    async confirmReset(token: string, password: string, address: string): Promise<void> {
      await db.transaction(async (tx) => {
        const userId = await authRepository.consumeResetToken(tx, digest(token), now());
        if (!userId)
          throw new AppError(
            'INVALID_RESET_TOKEN',
            'This reset link is invalid or has expired. Ask for a new one.',
          );
        await accounts.setPassword(tx, userId, await hashPassword(password));
        await authRepository.deleteTokensOfUser(tx, userId);
        endSocketSessions(tx, { userId });
        const email = (await accounts.findById(tx, userId))?.email.toLowerCase() ?? '';
        await authRepository.clearFailures(tx, failureKeys.account(email));
        await authRepository.clearFailures(tx, failureKeys.accountAndAddress(email, address));
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Ending sessions, for the modules that change what a session rests on (users: a new password,
 * a deactivation). Runs on the caller's executor, so it commits with the caller's transaction.
 */
export const sessions = {
  async endAllOf(ex: Executor, userId: number, exceptTokenId?: number): Promise<void> {
    await authRepository.deleteTokensOfUser(ex, userId, exceptTokenId);
    endSocketSessions(ex, { userId, ...(exceptTokenId !== undefined && { exceptTokenId }) });
  },
};
export type Sessions = typeof sessions;
