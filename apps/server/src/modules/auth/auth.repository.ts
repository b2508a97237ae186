import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type Executor, preparedPerExecutor } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { authTokens, loginFailures, passwordResetTokens } from './auth.table.ts';

const tokenWithUser = preparedPerExecutor((ex) =>
  ex
    .select({ token: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.user_id))
    .where(eq(authTokens.token_hash, sql.placeholder('hash')))
    .prepare('auth_token_with_user'),
);

export const authRepository = {
  async insertToken(ex: Executor, userId: number, tokenHash: string, at: Date): Promise<void> {
    await ex
      .insert(authTokens)
      .values({ user_id: userId, token_hash: tokenHash, created_at: at, last_used_at: at });
  },

  async findTokenWithUser(ex: Executor, tokenHash: string) {
    const rows = await tokenWithUser(ex).execute({ hash: tokenHash });
    return rows[0] ?? null;
  },

  async touchToken(ex: Executor, id: number, at: Date): Promise<void> {
    await ex.update(authTokens).set({ last_used_at: at }).where(eq(authTokens.id, id));
  },

  async deleteToken(ex: Executor, id: number): Promise<void> {
    await ex.delete(authTokens).where(eq(authTokens.id, id));
  },

  async deleteTokensOfUser(ex: Executor, userId: number, exceptId?: number): Promise<void> {
    const cond = exceptId
      ? and(eq(authTokens.user_id, userId), sql`${authTokens.id} <> ${exceptId}`)
      : eq(authTokens.user_id, userId);
    await ex.delete(authTokens).where(cond);
  },

  /** Deletes the tokens unused since `before`; answers which (their sockets must close too). */
  async deleteIdleTokens(ex: Executor, before: Date): Promise<Array<{ id: number; user_id: number }>> {
    return ex
      .delete(authTokens)
      .where(lt(authTokens.last_used_at, before))
      .returning({ id: authTokens.id, user_id: authTokens.user_id });
  },

  /** One row per key; returns their ids so an attempt that turns out fine can be taken back. */
  async recordFailure(ex: Executor, keys: string[], at: Date): Promise<number[]> {
    const rows = await ex
      .insert(loginFailures)
      .values(keys.map((key) => ({ key, at })))
      .returning({ id: loginFailures.id });
    return rows.map((r) => r.id);
  },

  async deleteFailures(ex: Executor, ids: number[]): Promise<void> {
    if (ids.length) await ex.delete(loginFailures).where(inArray(loginFailures.id, ids));
  },

  async deleteFailuresBefore(ex: Executor, before: Date): Promise<void> {
    await ex.delete(loginFailures).where(lt(loginFailures.at, before));
  },

  async deleteResetTokensExpiredBefore(ex: Executor, before: Date): Promise<void> {
    await ex.delete(passwordResetTokens).where(lt(passwordResetTokens.expires_at, before));
  },

  async countFailures(ex: Executor, key: string, since: Date): Promise<number> {
    const rows = await ex
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)));
    return rows[0]?.n ?? 0;
  },

  /** When the n-th newest failure under a key within the window happened (null when there are fewer). */
  async nthNewestFailureAt(ex: Executor, key: string, since: Date, n: number): Promise<Date | null> {
    const rows = await ex
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)))
      .orderBy(desc(loginFailures.at))
      .offset(n - 1)
      .limit(1);
    return rows[0]?.at ?? null;
  },

  async clearFailures(ex: Executor, key: string): Promise<void> {
    await ex.delete(loginFailures).where(eq(loginFailures.key, key));
  },

  async insertResetToken(ex: Executor, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await ex
      .insert(passwordResetTokens)
      .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt });
  },

  /** Marks a reset token used and returns its user, in one statement so a link works once. */
  async consumeResetToken(ex: Executor, tokenHash: string, now: Date): Promise<number | null> {
    const rows = await ex
      .update(passwordResetTokens)
      .set({ used_at: now })
      .where(
        and(
          eq(passwordResetTokens.token_hash, tokenHash),
          isNull(passwordResetTokens.used_at),
          gt(passwordResetTokens.expires_at, now),
        ),
      )
      .returning({ user_id: passwordResetTokens.user_id });
    return rows[0]?.user_id ?? null;
  },
};
