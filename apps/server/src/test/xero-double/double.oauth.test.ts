import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consent } from './connect.ts';
import { startXeroDouble, type XeroDouble } from './index.ts';
import { tokenRequests } from './oauth.ts';

let double: XeroDouble;
const REDIRECT = 'http://localhost:3000/xero/callback';

beforeAll(async () => {
  double = await startXeroDouble({ accessTokenSeconds: 1800 });
});
afterAll(async () => {
  await double?.close();
});

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(challenge: string, overrides: Record<string, string> = {}): string {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: double.env.XERO_CLIENT_ID,
    redirect_uri: REDIRECT,
    scope: 'openid offline_access accounting.contacts',
    state: 'the-state',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  });
  return `${double.env.XERO_LOGIN_URL}/identity/connect/authorize?${q}`;
}

const basic = (secret = double.env.XERO_CLIENT_SECRET) =>
  `Basic ${Buffer.from(`${double.env.XERO_CLIENT_ID}:${secret}`).toString('base64')}`;

async function token(form: Record<string, string>, secret?: string) {
  const res = await fetch(`${double.env.XERO_IDENTITY_URL}/connect/token`, {
    method: 'POST',
    headers: { authorization: basic(secret), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string | number> };
}

async function codeFor(challenge: string): Promise<string> {
  const back = await consent(double, authorizeUrl(challenge), 'allow');
  return back.searchParams.get('code') as string;
}

const connections = (access: string) =>
  fetch(`${double.env.XERO_API_URL}/connections`, { headers: { authorization: `Bearer ${access}` } });

describe("the double's identity service", () => {
  it('shows a consent page with "Allow access" and "Cancel", and refuses an unknown client', async () => {
    const page = await fetch(authorizeUrl(pkce().challenge));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Allow access');
    expect(html).toContain('>Cancel</a>');
    expect(html).toContain('Demo Company (UK)');
    expect((await fetch(authorizeUrl('x', { client_id: 'someone-else' }))).status).toBe(400);
    expect((await fetch(authorizeUrl('x', { code_challenge_method: 'plain' }))).status).toBe(400);
  });

  it('redirects with access_denied when the person cancels', async () => {
    const back = await consent(double, authorizeUrl(pkce().challenge), 'cancel');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 'the-state' });
  });

  it('exchanges a code once, only with the PKCE verifier and the client secret', async () => {
    const p = pkce();
    const wrongVerifier = await token({
      grant_type: 'authorization_code',
      code: await codeFor(p.challenge),
      redirect_uri: REDIRECT,
      code_verifier: pkce().verifier,
    });
    expect(wrongVerifier).toEqual({ status: 400, body: { error: 'invalid_grant' } });

    const badClient = await token(
      { grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT, code_verifier: p.verifier },
      'wrong',
    );
    expect(badClient).toEqual({ status: 401, body: { error: 'invalid_client' } });

    const code = await codeFor(p.challenge);
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: p.verifier,
    };
    const ok = await token(form);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 1800,
      scope: expect.stringContaining('offline_access'),
    });
    expect(typeof ok.body.access_token).toBe('string');
    expect(typeof ok.body.refresh_token).toBe('string');
    expect(await token(form)).toEqual({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('rotates refresh tokens and refuses a used one; access tokens expire by the double clock', async () => {
    const p = pkce();
    const first = await token({
      grant_type: 'authorization_code',
      code: await codeFor(p.challenge),
      redirect_uri: REDIRECT,
      code_verifier: p.verifier,
    });
    const second = await token({
      grant_type: 'refresh_token',
      refresh_token: String(first.body.refresh_token),
    });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect(
      await token({ grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) }),
    ).toEqual({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect(tokenRequests(double.state).at(-1)).toEqual({ grantType: 'refresh_token', status: 400 });

    const listed = await connections(String(second.body.access_token));
    expect(listed.status).toBe(200);
    const [connection] = (await listed.json()) as Array<Record<string, string>>;
    expect(connection).toMatchObject({
      tenantId: double.state.tenants[0]?.tenantId,
      tenantName: 'Demo Company (UK)',
      tenantType: 'ORGANISATION',
    });

    double.state.clock.offsetMs += 1800 * 1000;
    try {
      const expired = await connections(String(second.body.access_token));
      expect(expired.status).toBe(401);
      expect(expired.headers.get('www-authenticate')).toContain('invalid_token');
    } finally {
      double.state.clock.offsetMs -= 1800 * 1000;
    }
  });

  it('deletes a connection, and revocation ends the grant with its tokens', async () => {
    const p = pkce();
    const tokens = await token({
      grant_type: 'authorization_code',
      code: await codeFor(p.challenge),
      redirect_uri: REDIRECT,
      code_verifier: p.verifier,
    });
    const access = String(tokens.body.access_token);
    const [connection] = (await (await connections(access)).json()) as Array<{ id: string }>;
    const deleted = await fetch(`${double.env.XERO_API_URL}/connections/${connection?.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(deleted.status).toBe(204);
    expect(await (await connections(access)).json()).toEqual([]);

    const revoked = await fetch(`${double.env.XERO_IDENTITY_URL}/connect/revocation`, {
      method: 'POST',
      headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: String(tokens.body.refresh_token) }).toString(),
    });
    expect(revoked.status).toBe(200);
    expect((await connections(access)).status).toBe(401);
    expect(
      await token({ grant_type: 'refresh_token', refresh_token: String(tokens.body.refresh_token) }),
    ).toEqual({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });
});
