import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { digest } from '../../platform/crypto.ts';
import { createLocalBus } from '../../platform/realtime/event-bus.ts';
import { type ListeningApp, listeningApp, readySocket } from '../../test/realtime.ts';
import { notify } from '../notifications/notifications.service.ts';
import { userAccounts } from '../users/users.service.ts';
import { createAuthService } from './auth.service.ts';

/** A session that ends by idling closes its sockets, as a sign-out does (the `ws` client against the app). */
let s: ListeningApp;
const bus = createLocalBus();
let foId: number;

beforeAll(async () => {
  s = await listeningApp({ bus });
  const me = await s.app.inject({
    method: 'GET',
    url: '/api/v1/users/me/',
    headers: { authorization: `Token ${await s.token('FO')}` },
  });
  foId = me.json().data.id;
});
afterAll(async () => {
  await s.close();
  await bus.close();
});

const config = testConfig();
/** Makes the token look unused for longer than the idle limit. */
const idle = (token: string) =>
  s.database.db.execute(
    sql`update auth_tokens set last_used_at = now() - make_interval(mins => ${config.tokenIdleMinutes + 5})
      where token_hash = ${digest(token)}`,
  );

describe('sockets of idle sessions', () => {
  it('close with 4401 when the hourly prune deletes their token; a live session keeps its socket', async () => {
    const [idleToken, liveToken] = [await s.token('FO'), await s.token('FO')];
    const [idleSocket, liveSocket] = [
      await readySocket(s.socketUrl, idleToken),
      await readySocket(s.socketUrl, liveToken),
    ];
    await idle(idleToken);
    const auth = createAuthService({
      db: s.database.db,
      config,
      mailer: { send: async () => {} },
      accounts: userAccounts,
    });
    await auth.prune();
    expect((await idleSocket.closed).code).toBe(4401);
    // the other session of the same user still hears
    await notify(s.database.db, [foId], { type: 'NewTask', title: 'Still here', data: {} });
    expect((await liveSocket.next('notification')).data).toMatchObject({ title: 'Still here' });
    await liveSocket.close();
  });

  it('close with 4401 when a request finds their token idle (401)', async () => {
    const token = await s.token('FO');
    const socket = await readySocket(s.socketUrl, token);
    await idle(token);
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/',
      headers: { authorization: `Token ${token}` },
    });
    expect(res.statusCode).toBe(401);
    expect((await socket.closed).code).toBe(4401);
  });
});
