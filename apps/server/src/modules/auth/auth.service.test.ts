import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
