import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { xeroAuthRequests, xeroConnections } from './xero.table.ts';

export type XeroConnectionRow = typeof xeroConnections.$inferSelect;

/** Tokens as stored: sealed. */
export interface SealedTokens {
  access_token: string;
  refresh_token: string;
  access_expires_at: Date;
}

/** What a refresh read, so its write lands only if nobody changed the row since (compare-and-set). */
export interface ReadVersion {
  token_version: number;
  refresh_token: string;
}

const ONE = eq(xeroConnections.id, 1);
const sameVersion = (v: ReadVersion) =>
  and(
    ONE,
    eq(xeroConnections.token_version, v.token_version),
    eq(xeroConnections.refresh_token, v.refresh_token),
  );

export const xeroConnectionRepository = {
  async find(ex: Executor): Promise<XeroConnectionRow | null> {
    const rows = await ex.select().from(xeroConnections).where(ONE);
    return rows[0] ?? null;
  },

  async findWithUser(ex: Executor): Promise<{ row: XeroConnectionRow; userName: string | null } | null> {
    const rows = await ex
      .select({ row: xeroConnections, userName: users.name })
      .from(xeroConnections)
      .leftJoin(users, eq(users.id, xeroConnections.connected_by))
      .where(ONE);
    return rows[0] ?? null;
  },

  /**
   * The connection after a consent. Another version number than any before it, so a refresh that
   * read the old row cannot write over the new one; links stay when the tenant is the same.
   */
  async save(
    ex: Executor,
    values: SealedTokens & {
      tenant_id: string;
      tenant_name: string;
      connection_id: string;
      connected_by: number;
    },
  ): Promise<void> {
    const fresh = {
      ...values,
      revoked_at: null,
      last_error: null,
      refresh_owner: null,
      refresh_lease_until: null,
      connected_at: sql`now()`,
      updated_at: sql`now()`,
    };
    await ex
      .insert(xeroConnections)
      .values({ id: 1, ...fresh })
      .onConflictDoUpdate({
        target: xeroConnections.id,
        set: {
          ...fresh,
          token_version: sql`${xeroConnections.token_version} + 1`,
          contacts_pulled_at: sql`case when ${xeroConnections.tenant_id} = ${values.tenant_id} then ${xeroConnections.contacts_pulled_at} end`,
        },
      });
  },

  async remove(ex: Executor): Promise<void> {
    await ex.delete(xeroConnections).where(ONE);
  },

  /** Takes the refresh lease if free (or expired) and the row is still the one read. */
  async takeRefreshLease(ex: Executor, read: ReadVersion, owner: string, leaseMs: number): Promise<boolean> {
    const rows = await ex
      .update(xeroConnections)
      .set({ refresh_owner: owner, refresh_lease_until: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(
        and(
          sameVersion(read),
          isNull(xeroConnections.revoked_at),
          or(
            isNull(xeroConnections.refresh_lease_until),
            lt(xeroConnections.refresh_lease_until, sql`now()`),
          ),
        ),
      )
      .returning({ id: xeroConnections.id });
    return rows.length === 1;
  },

  /** Saves a rotation over the row that was read; false when the row changed meanwhile. */
  async saveRotation(ex: Executor, read: ReadVersion, tokens: SealedTokens): Promise<boolean> {
    const rows = await ex
      .update(xeroConnections)
      .set({
        ...tokens,
        token_version: read.token_version + 1,
        refresh_owner: null,
        refresh_lease_until: null,
        last_error: null,
        updated_at: sql`now()`,
      })
      .where(and(sameVersion(read), isNull(xeroConnections.revoked_at)))
      .returning({ id: xeroConnections.id });
    return rows.length === 1;
  },

  async releaseLease(ex: Executor, owner: string): Promise<void> {
    await ex
      .update(xeroConnections)
      .set({ refresh_owner: null, refresh_lease_until: null })
      .where(and(ONE, eq(xeroConnections.refresh_owner, owner)));
  },

  /** Xero refused the refresh token that is still the saved one: the grant is gone. */
  async markRevoked(ex: Executor, read: ReadVersion, error: string): Promise<boolean> {
    const rows = await ex
      .update(xeroConnections)
      .set({
        revoked_at: sql`now()`,
        last_error: error,
        refresh_owner: null,
        refresh_lease_until: null,
        updated_at: sql`now()`,
      })
      .where(sameVersion(read))
      .returning({ id: xeroConnections.id });
    return rows.length === 1;
  },

  async addAuthRequest(
    ex: Executor,
    values: { state_hash: string; code_verifier: string; user_id: number; expires_at: Date },
  ): Promise<void> {
    await ex.delete(xeroAuthRequests).where(lt(xeroAuthRequests.expires_at, sql`now()`));
    await ex.insert(xeroAuthRequests).values(values);
  },

  /** Takes (once) the caller's own authorization request that has not expired. */
  async takeAuthRequest(
    ex: Executor,
    stateHash: string,
    userId: number,
  ): Promise<{ code_verifier: string } | null> {
    const rows = await ex
      .delete(xeroAuthRequests)
      .where(
        and(
          eq(xeroAuthRequests.state_hash, stateHash),
          eq(xeroAuthRequests.user_id, userId),
          sql`${xeroAuthRequests.expires_at} > now()`,
        ),
      )
      .returning({ code_verifier: xeroAuthRequests.code_verifier });
    return rows[0] ?? null;
  },
};
