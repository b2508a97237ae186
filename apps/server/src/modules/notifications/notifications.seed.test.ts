import type { Notification } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { seedDemoUpTo } from '../../test/seeded.ts';
import { issueToken } from '../../test/tokens.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemoUpTo(t, new Date('2026-11-20T09:00:00Z'), 'notifications');
});
afterAll(() => t.close());

describe('the demo notifications', () => {
  it('give every demo user a bell with three unread mails from clients and older read ones', async () => {
    for (const email of Object.values(ROLE_EMAILS)) {
      const token = await issueToken(t.database.db, email);
      const res = await t.request({ method: 'GET', url: 'notifications/', token });
      const rows = res.json().data as Notification[];
      expect(res.json().meta).toMatchObject({ total: 5, unread: 3 });
      expect(rows.map((n) => n.read)).toEqual([false, false, false, true, true]);
      for (const n of rows) {
        expect(n.type).toBe('NewEmail');
        expect(n.title).toMatch(/^New email from \S+ \S+: /);
        expect(n.data).toEqual({ client_id: expect.any(Number) });
        expect(n.created_at < '2026-11-20T09:00:00Z').toBe(true);
      }
      const me = await t.request({ method: 'GET', url: 'users/me/', token });
      expect(me.json().data.notify_counter).toBe(3);
    }
  });
});
