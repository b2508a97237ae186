import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type Background, createBackground } from '../../platform/background.ts';
import { digest } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { MailMessage } from '../../platform/mailer.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { userAccounts } from '../users/users.service.ts';
import { createAuthService } from './auth.service.ts';
import { SIGN_IN_LIMITS } from './sign-in-limits.ts';

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
      accounts: userAccounts,
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
      accounts: userAccounts,
    });
    expect(await auth.authenticate('x'.repeat(5000))).toBeNull();
  });
});

describe('pruning', () => {
  const countWhere = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: string }>(t.database.db, query))[0]!.n);

  it('drops idle tokens, failures outside the window and expired reset links, and keeps what still counts', async () => {
    const background = createBackground(console);
    let clock = new Date('2026-05-01T09:00:00Z');
    const auth = createAuthService({
      db: t.database.db,
      config: { tokenIdleMinutes: 60, publicUrl: 'http://x' },
      mailer: { send: async () => {} },
      accounts: userAccounts,
      background,
      now: () => clock,
    });
    const { token: idle } = await auth.login('bo@example.com', 'demo-pass-1', '10.8.0.1');
    await expect(auth.login('prune-nobody@example.com', 'nope', '10.8.0.1')).rejects.toThrow();
    await auth.requestReset('bo@example.com', '10.8.0.1');
    await background.idle();
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

describe('password reset: the answer does not depend on the account', () => {
  /** Records what touches the accounts and the mail, in order, and holds the background work. */
  function traced() {
    const trace: string[] = [];
    const held: Array<() => Promise<void>> = [];
    const background: Background = {
      run: (_name, task) => void held.push(task),
      idle: async () => {
        while (held.length) await held.shift()!();
      },
    };
    const outbox: MailMessage[] = [];
    const auth = createAuthService({
      db: t.database.db,
      config: { tokenIdleMinutes: 60, publicUrl: 'http://x' },
      mailer: { send: async (m) => void outbox.push(m) },
      accounts: {
        ...userAccounts,
        findByEmail: (ex, email) => {
          trace.push('findByEmail');
          return userAccounts.findByEmail(ex, email);
        },
      },
      background,
    });
    return { auth, trace, held, background, outbox };
  }
  const resetLinks = async (email: string) =>
    Number(
      (
        await queryRows<{ n: string }>(
          t.database.db,
          sql`select count(*) as n from password_reset_tokens r join users u on u.id = r.user_id where u.email = ${email}`,
        )
      )[0]!.n,
    );

  it('answers a known and an unknown email after the same work: the limit only; the rest runs after', async () => {
    const known = traced();
    const unknown = traced();
    const linksBefore = await resetLinks('accountant@example.com');
    await known.auth.requestReset('accountant@example.com', '10.7.0.1');
    await unknown.auth.requestReset('nobody-here@example.com', '10.7.0.2');
    // Answered: neither looked the account up, wrote a link or mailed; each left one task behind.
    for (const side of [known, unknown]) {
      expect(side.trace).toEqual([]);
      expect(side.outbox).toEqual([]);
      expect(side.held).toHaveLength(1);
    }
    expect(await resetLinks('accountant@example.com')).toBe(linksBefore);

    await known.background.idle();
    await unknown.background.idle();
    expect(known.trace).toEqual(['findByEmail']);
    expect(unknown.trace).toEqual(['findByEmail']);
    expect(known.outbox.map((m) => m.to)).toEqual(['accountant@example.com']);
    expect(unknown.outbox).toEqual([]);
    expect(await resetLinks('accountant@example.com')).toBe(linksBefore + 1);
  });

  it('counts the limit for unknown emails too, before answering', async () => {
    const { auth } = traced();
    for (let i = 0; i < SIGN_IN_LIMITS.resetsPerAccount; i++)
      await auth.requestReset('ghost-svc@example.com', `10.7.1.${i}`);
    await expect(auth.requestReset('ghost-svc@example.com', '10.7.1.99')).rejects.toMatchObject({
      status: 429,
    });
  });
});

describe('sign-in limits', () => {
  const limits = { ...SIGN_IN_LIMITS, perAccountAndAddress: 2, perAccount: 4, perAddress: 6 };
  const service = (clock: () => Date = () => new Date()) =>
    createAuthService({
      db: t.database.db,
      config: { tokenIdleMinutes: 60, publicUrl: 'http://x' },
      mailer: { send: async () => {} },
      accounts: userAccounts,
      limits,
      now: clock,
    });
  const refusal = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    return err instanceof AppError ? err : null;
  };

  it('locks an account for one address without locking its owner elsewhere', async () => {
    const auth = service();
    for (let i = 0; i < 2; i++)
      expect((await refusal(auth.login('bo@example.com', 'nope', '10.20.0.1')))?.status).toBe(400);
    expect((await refusal(auth.login('bo@example.com', 'demo-pass-1', '10.20.0.1')))?.status).toBe(429);
    expect((await auth.login('bo@example.com', 'demo-pass-1', '10.20.0.2')).token).toBeTruthy();
  });

  it('locks an account for everyone after the higher limit across addresses', async () => {
    const auth = service();
    for (let i = 0; i < 4; i++)
      expect((await refusal(auth.login('fo@example.com', 'nope', `10.21.0.${i}`)))?.status).toBe(400);
    expect((await refusal(auth.login('fo@example.com', 'demo-pass-1', '10.21.0.99')))?.status).toBe(429);
  });

  it('never checks more than the account-wide limit when a burst comes from many addresses at once', async () => {
    const auth = service();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        refusal(auth.login('burst-wide@example.com', 'nope', `10.22.0.${i}`)),
      ),
    );
    const statuses = results.map((e) => e?.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(4);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
  });

  it('says how long to wait: until the oldest failure that still counts leaves the window', async () => {
    let clock = new Date('2026-06-01T10:00:00Z');
    const auth = service(() => clock);
    await refusal(auth.login('wait@example.com', 'nope', '10.23.0.1'));
    clock = new Date(clock.getTime() + 5 * 60_000);
    await refusal(auth.login('wait@example.com', 'nope', '10.23.0.1'));
    clock = new Date(clock.getTime() + 60_000);
    const refused = await refusal(auth.login('wait@example.com', 'nope', '10.23.0.1'));
    expect(refused?.status).toBe(429);
    // The first failure (6 minutes ago) leaves the 15-minute window in 9 minutes.
    expect(refused?.retryAfter).toBe(9 * 60);
    expect(refused?.message).toBe('Too many failed sign-in attempts. Try again in 9 minutes.');
    clock = new Date(clock.getTime() + 9 * 60_000 + 1000);
    expect((await refusal(auth.login('wait@example.com', 'nope', '10.23.0.1')))?.status).toBe(400);
  });
});
