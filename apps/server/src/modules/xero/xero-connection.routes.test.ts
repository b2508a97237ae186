import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { connectXero, consent } from '../../test/xero-double/connect.ts';
import { startXeroDouble, type XeroDouble } from '../../test/xero-double/index.ts';
import { xeroAuthRequests, xeroConnections } from './xero.table.ts';

let t: TestContext;
let double: XeroDouble;
let admin: string;
let accountant: string;
let fo: string;
/** Every answer of this file, searched for tokens at the end. */
const answers: string[] = [];
/** Every token and code the double ever issued during this file. */
const issued = new Set<string>();
const noteIssued = () => {
  for (const m of [double.state.accessTokens, double.state.refreshTokens, double.state.codes])
    for (const k of m.keys()) issued.add(k);
};

async function call(method: 'GET' | 'POST', url: string, token: string): Promise<LightMyRequestResponse> {
  const res = await t.request({ method, url, token });
  answers.push(res.body);
  noteIssued();
  return res;
}

async function authUrl(token = admin): Promise<URL> {
  const res = await call('GET', 'xero/auth/', token);
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().data.url);
}

const status = async (token = admin) => (await call('GET', 'xero/isauth/', token)).json().data;

/** The double's token endpoint, as another client would call it. */
async function useRefreshToken(refreshToken: string): Promise<Response> {
  return fetch(`${double.env.XERO_IDENTITY_URL}/connect/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${double.state.clientId}:${double.state.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });
}

const liveRefreshTokens = () =>
  [...double.state.refreshTokens].filter(([, r]) => r.usedAt === null).map(([k]) => k);

beforeAll(async () => {
  double = await startXeroDouble();
  t = await createTestContext(double.env);
  [admin, accountant, fo] = await Promise.all([t.login('Admin'), t.login('Accountant'), t.login('FO')]);
});
afterAll(async () => {
  await Promise.all([t?.close(), double?.close()]);
});

describe('the Xero connection routes', () => {
  it('refuses FO on every route (403)', async () => {
    for (const [method, url] of [
      ['GET', 'xero/auth/'],
      ['GET', 'xero/code/?code=a&state=b'],
      ['GET', 'xero/isauth/'],
      ['POST', 'xero/disconnect/'],
    ] as const) {
      const res = await call(method, url, fo);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('says configured but not authorized before any connection', async () => {
    expect(await status()).toEqual({ configured: true, authorized: false, connection: null, run: null });
  });

  it('gives the consent URL with a one-use state and an S256 PKCE challenge, keeping only the state hash', async () => {
    const url = await authUrl();
    expect(`${url.origin}${url.pathname}`).toBe(`${double.env.XERO_LOGIN_URL}/identity/connect/authorize`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(double.env.XERO_CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(t.config.xero.redirectUri);
    expect(q.get('redirect_uri')).toMatch(/\/xero\/callback$/);
    expect(q.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['offline_access', 'accounting.contacts', 'accounting.transactions']),
    );
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = q.get('state') as string;
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect((await authUrl()).searchParams.get('state')).not.toBe(state);

    const rows = await t.database.db.select().from(xeroAuthRequests);
    const hash = createHash('sha256').update(state).digest('hex');
    expect(rows.map((r) => r.state_hash)).toContain(hash);
    expect(JSON.stringify(rows)).not.toContain(state);
  });

  it('refuses an answer whose state was not started here, or by another user, and saves nothing', async () => {
    const back = await consent(double, (await authUrl()).toString(), 'allow');
    const code = back.searchParams.get('code') as string;
    const state = back.searchParams.get('state') as string;
    const forged = await call(
      'GET',
      `xero/code/?${new URLSearchParams({ code, state: `${state}x` })}`,
      admin,
    );
    expect(forged.statusCode).toBe(400);
    expect(String(forged.json().errors.detail)).toMatch(/does not match a connection you started here/);
    const otherUser = await call('GET', `xero/code/?${new URLSearchParams({ code, state })}`, accountant);
    expect(otherUser.statusCode).toBe(400);
    expect((await status()).authorized).toBe(false);
    expect(await t.database.db.select().from(xeroConnections)).toEqual([]);
  });

  it('answers "Xero access was not granted" when the person cancels on the consent page', async () => {
    const back = await consent(double, (await authUrl()).toString(), 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await call('GET', `xero/code/?${back.searchParams}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.detail).toEqual(['Xero access was not granted']);
    expect((await status()).authorized).toBe(false);
  });

  it('exchanges the code with the PKCE verifier and is then authorized with the organisation', async () => {
    const url = await authUrl(accountant);
    const back = await consent(double, url.toString(), 'allow');
    const res = await call(
      'GET',
      `xero/code/?${new URLSearchParams({
        code: back.searchParams.get('code') as string,
        state: back.searchParams.get('state') as string,
      })}`,
      accountant,
    );
    expect(res.statusCode, res.body).toBe(200);
    const me = (await call('GET', 'users/me/', accountant)).json().data;
    const expected = {
      configured: true,
      authorized: true,
      connection: {
        tenant_id: double.state.tenants[0]?.tenantId,
        tenant_name: 'Demo Company (UK)',
        connected_by: { id: me.id, name: me.name },
        connected_at: expect.any(String),
      },
      run: null,
    };
    expect(res.json().data).toEqual(expected);
    expect(await status()).toEqual(expected);

    // The same state cannot be used twice.
    const again = await call('GET', `xero/code/?${back.searchParams}`, accountant);
    expect(again.statusCode).toBe(400);
    expect((await status()).authorized).toBe(true);
  });

  it('keeps the tokens sealed in the database', async () => {
    const [row] = await t.database.db.select().from(xeroConnections);
    const tokens = [...double.state.accessTokens.keys(), ...double.state.refreshTokens.keys()];
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.refresh_token).toMatch(/^v1\./);
  });

  it('disconnects: the connection is removed at Xero, the refresh token revoked, the tenant forgotten', async () => {
    const [refresh] = liveRefreshTokens();
    expect(refresh).toBeDefined();
    expect(double.state.connections).toHaveLength(1);
    const res = await call('POST', 'xero/disconnect/', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ configured: true, authorized: false, connection: null, run: null });
    expect(double.state.connections).toEqual([]);
    const refused = await useRefreshToken(refresh as string);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'invalid_grant' });
    expect(await t.database.db.select().from(xeroConnections)).toEqual([]);
  });

  it('disconnects locally even when Xero cannot be reached, and connects again', async () => {
    await connectXero(t, double, admin);
    expect((await status()).authorized).toBe(true);
    // The grant vanished at Xero (revoked there): disconnect still forgets the organisation here.
    noteIssued();
    double.state.accessTokens.clear();
    double.state.refreshTokens.clear();
    const res = await call('POST', 'xero/disconnect/', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.connection).toBeNull();
  });

  it('never answers a token', () => {
    const all = answers.join('\n');
    expect(issued.size).toBeGreaterThan(4);
    for (const token of issued) expect(all).not.toContain(token);
  });
});
