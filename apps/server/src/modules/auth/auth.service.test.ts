import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { digest } from '../../platform/crypto.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createAuthService } from './auth.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('token expiry after inactivity', () => {
  it('keeps a token alive while it is used and drops it after the idle limit', async () => {
    let clock = new Date('2026-03-01T09:00:00Z');
    const auth = createAuthService({
      db: t.database.db,
      config: { tokenIdleMinutes: 60, publicUrl: 'http://x' },
      mailer: { send: async () => {} },
      now: () => clock,
    });
    const { token } = await auth.login('fo@example.com', 'demo-pass-1', '10.9.9.9');
    const at = (minutes: number) => new Date(clock.getTime() + minutes * 60_000);

    clock = at(50);
    expect(await auth.authenticate(token)).not.toBeNull();
    clock = at(50); // 100 minutes after login, 50 after the last use
    expect(await auth.authenticate(token)).not.toBeNull();
    clock = at(61);
    expect(await auth.authenticate(token)).toBeNull();
    clock = at(-61); // the token was deleted: going back in time does not revive it
    expect(await auth.authenticate(token)).toBeNull();
  });

  it('ignores tokens of absurd length without touching the database', async () => {
    const auth = createAuthService({
      db: t.database.db,
      config: { tokenIdleMinutes: 60, publicUrl: 'http://x' },
      mailer: { send: async () => {} },
    });
    expect(await auth.authenticate('x'.repeat(5000))).toBeNull();
  });
});

describe('pruning', () => {
  const countWhere = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: string }>(t.database.db, query))[0]!.n);

  it('drops idle tokens, failures outside the window and expired reset links, and keeps what still counts', async () => {
    let clock = new Date('2026-05-01T09:00:00Z');
    const auth = createAuthService({
      db: t.database.db,
      config: { tokenIdleMinutes: 60, publicUrl: 'http://x' },
      mailer: { send: async () => {} },
      now: () => clock,
    });
    const { token: idle } = await auth.login('bo@example.com', 'demo-pass-1', '10.8.0.1');
    await expect(auth.login('prune-nobody@example.com', 'nope', '10.8.0.1')).rejects.toThrow();
    await auth.requestReset('bo@example.com', '10.8.0.1');
    clock = new Date(clock.getTime() + 2 * 24 * 3600_000);
    const { token: fresh } = await auth.login('accountant@example.com', 'demo-pass-1', '10.8.0.2');
    await expect(auth.login('prune-recent@example.com', 'nope', '10.8.0.2')).rejects.toThrow();

    await auth.prune();

    const tokens = (token: string) =>
      countWhere(sql`select count(*) as n from auth_tokens where token_hash = ${digest(token)}`);
    const failures = (key: string) =>
      countWhere(sql`select count(*) as n from login_failures where key = ${key}`);
    expect(await tokens(idle)).toBe(0);
    expect(await tokens(fresh)).toBe(1);
    expect(await failures('email:prune-nobody@example.com')).toBe(0);
    expect(await failures('email:prune-recent@example.com')).toBe(1);
    expect(
      await countWhere(
        sql`select count(*) as n from password_reset_tokens r join users u on u.id = r.user_id where u.email = 'bo@example.com'`,
      ),
    ).toBe(0);
  });
});
