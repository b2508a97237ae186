import type { Db } from '../../db/client.ts';
import { digest } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { authRepository } from './auth.repository.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Failures allowed in one window of LOGIN_WINDOW_MS (decision 0008). */
export interface SignInLimits {
  /** One account from one address: a person mistyping, or a guesser on one machine. */
  perAccountAndAddress: number;
  /** One account from everywhere: a guesser with many addresses. High, so that locking a person out takes many. */
  perAccount: number;
  /** One address, whatever the accounts: a guesser trying many accounts. */
  perAddress: number;
  /** Reset links asked for one email, and from one address. */
  resetsPerAccount: number;
  resetsPerAddress: number;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  perAccountAndAddress: 5,
  perAccount: 50,
  perAddress: 30,
  resetsPerAccount: 3,
  resetsPerAddress: 20,
};

/** The keys failures are counted under (login_failures.key). */
export const failureKeys = {
  account: (email: string) => `email:${email}`,
  address: (address: string) => `ip:${address}`,
  // Hashed: an email of 254 characters and an IPv6 address would not fit the column side by side.
  accountAndAddress: (email: string, address: string) => `email-ip:${digest(`${email}\n${address}`)}`,
  resetAccount: (email: string) => `reset:${email}`,
  resetAddress: (address: string) => `reset-ip:${address}`,
};

export type Limit = [key: string, max: number];

const minutes = (seconds: number) => {
  const n = Math.ceil(seconds / 60);
  return `${n} minute${n === 1 ? '' : 's'}`;
};

/**
 * Attempts are written before the slow password check and counted with the ones before them, so a
 * burst sent at once cannot get more checks than the limit. Over any limit the attempt is taken
 * back (it was refused, not tried) and refused with 429 and the seconds until it would pass.
 */
export function createAttemptCounter({ db, now }: { db: Db; now: () => Date }) {
  return {
    async reserve(limits: Limit[], refusal: (wait: string) => string): Promise<number[]> {
      const at = now();
      const ids = await authRepository.recordFailure(
        db,
        limits.map(([key]) => key),
        at,
      );
      const since = new Date(at.getTime() - LOGIN_WINDOW_MS);
      const over: Limit[] = [];
      for (const [key, max] of limits) {
        if ((await authRepository.countFailures(db, key, since)) > max) over.push([key, max]);
      }
      if (!over.length) return ids;
      await authRepository.deleteFailures(db, ids);
      // An attempt passes again once fewer than `max` failures are left in the window: when the
      // max-th newest of them leaves it.
      let passesAt = at.getTime();
      for (const [key, max] of over) {
        const oldestThatCounts = await authRepository.nthNewestFailureAt(db, key, since, max);
        if (oldestThatCounts) passesAt = Math.max(passesAt, oldestThatCounts.getTime() + LOGIN_WINDOW_MS);
      }
      const retryAfter = Math.max(1, Math.ceil((passesAt - at.getTime()) / 1000));
      throw new AppError('TOO_MANY_ATTEMPTS', refusal(minutes(retryAfter)), { retryAfter });
    },

    /** The attempt was not a failure (a right password): it no longer counts. */
    takeBack: (ids: number[]) => authRepository.deleteFailures(db, ids),

    clear: async (keys: string[]) => {
      for (const key of keys) await authRepository.clearFailures(db, key);
    },
  };
}
