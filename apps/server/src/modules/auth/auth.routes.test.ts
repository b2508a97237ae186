import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.request({ method: 'POST', url: 'auth/token/login/', payload: { email, password }, remoteAddress: ip });

describe('sign-in', () => {
  it('answers the user record with a token that then authenticates', async () => {
    const res = await login('Admin@Example.com', 'demo-pass-1');
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({
      email: 'admin@example.com',
      type: 'admin',
      role: 'Admin',
      temporary_password: false,
      notify_counter: 0,
    });
    expect(user.auth_token).toMatch(/^[\w-]{43}$/);
    expect(user).not.toHaveProperty('password_hash');
    const me = await t.request({ method: 'GET', url: 'users/me/', token: user.auth_token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.region).toEqual({ id: expect.any(Number), title: 'London', ccy: 'GBP' });
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login('FO');
    const rows = await queryRows<{ token_hash: string }>(
      t.database.db,
      sql`select token_hash from auth_tokens`,
    );
    const hashes = rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(token);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it('refuses a wrong password with a 400 the login form can show', async () => {
    const res = await login('bo@example.com', 'wrong-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { detail: ['Unable to log in with provided credentials.'] } });
  });

  it('refuses a missing field and unknown fields with field messages', async () => {
    const missing = await t.request({
      method: 'POST',
      url: 'auth/token/login/',
      payload: { email: 'a@b.c' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.password).toEqual(['Required field']);
    const extra = await t.request({
      method: 'POST',
      url: 'auth/token/login/',
      payload: { email: 'a@b.c', password: 'x', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors.admin[0]).toMatch(/Unknown field/);
  });

  it('refuses broken JSON with a clear 400', async () => {
    const res = await t.request({
      method: 'POST',
      url: 'auth/token/login/',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.detail).toEqual(['The request body is not valid JSON.']);
  });

  it('locks an account from one address after five failures there, even with the right password', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login('accountant@example.com', 'nope', '10.1.0.1')).statusCode).toBe(400);
    const blocked = await login('accountant@example.com', 'demo-pass-1', '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errors.detail).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('does not let a stranger lock the owner out: the owner still signs in from elsewhere', async () => {
    for (let i = 0; i < 5; i++) await login('accountant@example.com', 'nope', '10.1.1.1');
    expect((await login('accountant@example.com', 'demo-pass-1', '10.1.1.1')).statusCode).toBe(429);
    expect((await login('accountant@example.com', 'demo-pass-1', '10.1.1.2')).statusCode).toBe(200);
  });

  it('locks an account for everyone after fifty failures from any addresses', async () => {
    // 10 addresses, 5 each: every one is under its own limit, the account is at fifty.
    for (let a = 0; a < 10; a++)
      for (let i = 0; i < 5; i++)
        expect((await login('wide@example.com', 'nope', `10.1.2.${a}`)).statusCode).toBe(400);
    const blocked = await login('wide@example.com', 'nope', '10.1.2.99');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits failures per address across accounts', async () => {
    for (let i = 0; i < 30; i++) await login(`nobody${i}@example.com`, 'nope', '10.2.0.1');
    const blocked = await login('fo@example.com', 'demo-pass-1', '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('fo@example.com', 'demo-pass-1', '10.2.0.2')).statusCode).toBe(200);
  });

  it('counts attempts sent at once: no more than five wrong passwords from one address get checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login('burst@example.com', 'nope', '10.3.0.1')),
    );
    const codes = answers.map((r) => r.statusCode);
    // PGlite runs them one by one (exactly five checked); PostgreSQL really at once, where a burst
    // can be refused whole. Never more than five.
    expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(15);
    expect(codes.every((c) => c === 400 || c === 429)).toBe(true);
  });

  it('does not believe X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    // Each try claims another address; the limit must still see the one real address.
    for (let i = 0; i < 30; i++) {
      const res = await t.request({
        method: 'POST',
        url: 'auth/token/login/',
        payload: { email: `spoof${i}@example.com`, password: 'nope' },
        remoteAddress: '10.4.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await login('fo@example.com', 'demo-pass-1', '10.4.0.1')).statusCode).toBe(429);
  });

  it('logs out: the token stops working', async () => {
    const token = await t.login('BO');
    const out = await t.request({ method: 'POST', url: 'auth/token/logout/', token });
    expect(out.statusCode).toBe(204);
    const me = await t.request({ method: 'GET', url: 'users/me/', token });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ errors: { detail: 'Invalid token.' } });
  });

  it('answers 401 without a token', async () => {
    const res = await t.request({ method: 'GET', url: 'users/me/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { detail: 'Authentication credentials were not provided.' } });
  });
});

describe('XSRF double submit', () => {
  it('refuses an unsafe call whose header does not match the cookie', async () => {
    const res = await t.request({
      method: 'POST',
      url: 'auth/token/login/',
      payload: { email: 'admin@example.com', password: 'demo-pass-1' },
      headers: { 'x-xsrf-token': 'something-else' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('sets the cookie on a first visit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toMatch(/^[\w-]{43}$/);
  });
});

describe('password reset', () => {
  it('mails a link that sets a new password once and signs out other sessions', async () => {
    const old = await t.login('FO');
    const ask = await t.request({
      method: 'POST',
      url: 'auth/password-reset/',
      payload: { email: 'fo@example.com' },
    });
    expect(ask.statusCode).toBe(204);
    await t.app.background.idle(); // the link is stored and mailed after the answer
    const mail = t.outbox.at(-1)!;
    expect(mail.to).toBe('fo@example.com');
    const token = mail.text.match(/recover\?token=([\w-]+)/)![1]!;
    const set = await t.request({
      method: 'POST',
      url: 'auth/password-reset/confirm/',
      payload: { token, password: 'a-new-password-1' },
    });
    expect(set.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: 'users/me/', token: old })).statusCode).toBe(401);
    const again = await t.request({
      method: 'POST',
      url: 'auth/password-reset/confirm/',
      payload: { token, password: 'another-pass-22' },
    });
    expect(again.statusCode).toBe(400);
    expect(await t.login('fo@example.com', 'a-new-password-1')).toBeTruthy();
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = t.outbox.length;
    const res = await t.request({
      method: 'POST',
      url: 'auth/password-reset/',
      payload: { email: 'ghost@example.com' },
    });
    expect(res.statusCode).toBe(204);
    await t.app.background.idle();
    expect(t.outbox.length).toBe(before);
  });
});

describe('behind a proxy named in TRUST_PROXY', () => {
  it('counts failures per forwarded client address', async () => {
    const proxied = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
    try {
      const via = (email: string, password: string, client: string) =>
        proxied.request({
          method: 'POST',
          url: 'auth/token/login/',
          payload: { email, password },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < 30; i++) await via(`p${i}@example.com`, 'nope', '198.51.100.7');
      expect((await via('fo@example.com', 'demo-pass-1', '198.51.100.7')).statusCode).toBe(429);
      expect((await via('fo@example.com', 'demo-pass-1', '198.51.100.8')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('password reset limits', () => {
  const ask = (email: string, ip: string) =>
    t.request({ method: 'POST', url: 'auth/password-reset/', payload: { email }, remoteAddress: ip });

  it('sends at most three links to one address in the window, known or not', async () => {
    const before = t.outbox.length;
    for (let i = 0; i < 3; i++) expect((await ask('bo@example.com', `10.5.0.${i}`)).statusCode).toBe(204);
    const fourth = await ask('bo@example.com', '10.5.0.9');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().errors.detail).toBe('Too many reset requests. Try again in 15 minutes.');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    await t.app.background.idle();
    expect(t.outbox.length - before).toBe(3);
    for (let i = 0; i < 3; i++) await ask('ghost-limit@example.com', `10.5.1.${i}`);
    expect((await ask('ghost-limit@example.com', '10.5.1.9')).statusCode).toBe(429);
  });

  it('limits requests per caller address across emails', async () => {
    for (let i = 0; i < 20; i++) expect((await ask(`x${i}@example.com`, '10.6.0.1')).statusCode).toBe(204);
    expect((await ask('x-last@example.com', '10.6.0.1')).statusCode).toBe(429);
  });
});

describe('conventions', () => {
  it('answers with and without the trailing slash', async () => {
    const token = await t.login('Admin');
    expect((await t.request({ method: 'GET', url: 'users/me', token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: 'users/me/', token })).statusCode).toBe(200);
  });

  it('publishes the OpenAPI document and carries a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/v1/auth/token/login/');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors.detail).toContain('No route');
  });
});
