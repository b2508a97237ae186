import type { ChatChannel, ChatMessage } from '@app/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { chatModule } from './index.ts';

let t: TestContext;
const NOW = new Date('2026-01-15T10:00:00Z');

beforeAll(async () => {
  t = await createTestContext();
  await t.database.db.transaction((tx) =>
    chatModule.seed!({ db: tx as unknown as Db, config: t.config, now: NOW }),
  );
});
afterAll(() => t.close());

async function channelsOf(who: 'Admin' | 'Accountant' | 'FO' | 'BO'): Promise<ChatChannel[]> {
  const res = await t.request({ method: 'GET', url: 'chat/channels/', token: await t.login(who) });
  return res.json().data;
}

it('gives the Operations group and the FO–BO direct channel a history, with unread messages for FO and BO', async () => {
  const fo = await channelsOf('FO');
  // the group spoke last
  expect(fo.map((c) => [c.kind, c.title])).toEqual([
    ['group', 'Operations'],
    ['direct', 'Boris Back'],
  ]);
  expect(fo.map((c) => c.unread_count)).toEqual([3, 3]);
  const bo = await channelsOf('BO');
  expect(bo.map((c) => [c.title, c.unread_count])).toEqual([
    ['Operations', 2],
    ['Fiona Front', 0],
  ]);
  const operations = bo[0]!;
  expect(operations.users.map((u) => u.name)).toEqual([
    'Alice Admin',
    'Arthur Accountant',
    'Boris Back',
    'Fiona Front',
  ]);
  expect((await channelsOf('Accountant')).map((c) => c.title)).toEqual(['Operations']);

  const token = await t.login('Admin');
  const history = await t.request({
    method: 'GET',
    url: `chat/channels/${operations.id}/messages/?limit=100`,
    token,
  });
  const messages: ChatMessage[] = history.json().data;
  expect(messages).toHaveLength(40);
  // newest first, ids following time, all in office hours of the week before the seed's clock
  const times = messages.map((m) => Date.parse(m.created_at));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  expect(times[0]).toBeLessThan(NOW.getTime());
  expect(times.at(-1)).toBeGreaterThan(NOW.getTime() - 7 * 24 * 60 * 60 * 1000);
  for (const m of messages) expect(new Date(m.created_at).getUTCHours()).toBeGreaterThanOrEqual(7);
  for (const m of messages) expect(new Date(m.created_at).getUTCHours()).toBeLessThan(17);
});
