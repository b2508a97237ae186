import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey } from '../../platform/secret-box.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { connectXero } from '../../test/xero-double/connect.ts';
import { startXeroDouble, type XeroDouble } from '../../test/xero-double/index.ts';
import { tokenRequests } from '../../test/xero-double/oauth.ts';
import type { XeroDeps } from './xero.deps.ts';
import { xeroConnections } from './xero.table.ts';
import { XeroNotConnectedError } from './xero-api.ts';
import { createXeroClient } from './xero-client.ts';
import type { XeroLimits } from './xero-rate-limit.ts';
import { createXeroTokens } from './xero-tokens.ts';

let t: TestContext;
let double: XeroDouble;
let admin: string;
const silent = { info() {}, warn() {}, error() {} };

/** What one process of the app would build its client from (`processId` tells processes apart). */
function depsOf(processId: string): Omit<XeroDeps, 'client'> {
  return {
    db: t.database.db,
    config: t.config,
    secrets: createSecretBox(loadSecretKey(t.config.secretKey, t.config.dataDir)),
    jobs: t.app.jobs,
    background: t.app.background,
    log: silent,
    processId,
  };
}

const client = (processId = 'p1', limits: Partial<XeroLimits> = {}) =>
  createXeroClient(depsOf(processId), limits);
const organisation = { method: 'GET', path: '/api.xro/2.0/Organisation' } as const;

/** Refresh requests the double's token endpoint received, refused ones included. */
const refreshesAtXero = () =>
  tokenRequests(double.state).filter((r) => r.grantType === 'refresh_token').length;
const liveRefreshToken = () =>
  [...double.state.refreshTokens].find(([, r]) => r.usedAt === null)?.[0] as string;
const row = async () => (await t.database.db.select().from(xeroConnections))[0];
const organisationCalls = () => double.state.calls.filter((c) => c.path.endsWith('/Organisation'));

async function expireSavedToken(inMs: number) {
  await t.database.db
    .update(xeroConnections)
    .set({ access_expires_at: new Date(Date.now() + inMs) })
    .where(eq(xeroConnections.id, 1));
}

async function refusedAtXero(refreshToken: string): Promise<boolean> {
  const res = await fetch(`${double.env.XERO_IDENTITY_URL}/connect/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${double.state.clientId}:${double.state.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });
  return res.status === 400 && ((await res.json()) as { error?: string }).error === 'invalid_grant';
}

beforeAll(async () => {
  double = await startXeroDouble();
  t = await createTestContext(double.env);
  admin = await t.login('Admin');
  await connectXero(t, double, admin);
});
afterAll(async () => {
  await Promise.all([t?.close(), double?.close()]);
});
beforeEach(() => {
  double.state.faults.latencyMs = 0;
  double.state.faults.rateLimitNext = 0;
});

describe('the Xero API client', () => {
  it('calls the Accounting API with the bearer token and the connected tenant', async () => {
    const res = await client().request<{ Organisations: Array<{ Name: string }> }>(organisation);
    expect(res.status).toBe(200);
    expect(res.body.Organisations[0]?.Name).toBe('Demo Company (UK)');
    expect(organisationCalls().at(-1)?.tenantId).toBe(double.state.tenants[0]?.tenantId);
  });

  it('refreshes a token in its last minute before using it, and saves the rotation', async () => {
    await expireSavedToken(30_000);
    const before = { refreshes: refreshesAtXero(), version: (await row())?.token_version };
    const old = liveRefreshToken();
    await client().request(organisation);
    expect(refreshesAtXero()).toBe(before.refreshes + 1);
    const after = await row();
    expect(after?.token_version).toBe((before.version as number) + 1);
    expect(after?.access_expires_at.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(await refusedAtXero(old)).toBe(true);
  });

  it('refreshes once and retries when Xero says the token expired (401)', async () => {
    double.state.clock.offsetMs += 31 * 60_000;
    const before = refreshesAtXero();
    const res = await client().request(organisation);
    expect(res.status).toBe(200);
    expect(refreshesAtXero()).toBe(before + 1);
  });

  it('refreshes and retries when an access token stops working mid-way', async () => {
    double.state.accessTokens.clear();
    const before = refreshesAtXero();
    expect((await client().request(organisation)).status).toBe(200);
    expect(refreshesAtXero()).toBe(before + 1);
  });

  it('two processes refreshing at once: one refresh at Xero, both use the saved token, the connection survives', async () => {
    await expireSavedToken(-1000);
    const before = { refreshes: refreshesAtXero(), version: (await row())?.token_version as number };
    const old = liveRefreshToken();
    const [a, b] = [createXeroTokens(depsOf('process-a')), createXeroTokens(depsOf('process-b'))];
    const [ta, tb] = await Promise.all([a.access(), b.access()]);
    expect(refreshesAtXero()).toBe(before.refreshes + 1);
    expect(ta.token).toBe(tb.token);
    expect(double.state.accessTokens.has(ta.token)).toBe(true);
    const saved = await row();
    expect(saved?.token_version).toBe(before.version + 1);
    expect(saved?.revoked_at).toBeNull();
    expect(saved?.refresh_owner).toBeNull();
    expect(await refusedAtXero(old)).toBe(true);
    // The same through two clients, each refreshing after a 401.
    double.state.accessTokens.clear();
    const mid = refreshesAtXero();
    const [c1, c2] = [client('process-c'), client('process-d')];
    await Promise.all([c1.request(organisation), c2.request(organisation)]);
    expect(refreshesAtXero()).toBe(mid + 1);
    expect((await row())?.revoked_at).toBeNull();
    const status = (await t.request({ method: 'GET', url: 'xero/isauth/', token: admin })).json().data;
    expect(status.authorized).toBe(true);
  });

  it('waits out a 429 for its Retry-After and then succeeds', async () => {
    double.state.faults.rateLimitNext = 1;
    double.state.faults.retryAfterSeconds = 1;
    const before = organisationCalls().length;
    const started = Date.now();
    expect((await client().request(organisation)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const calls = organisationCalls().slice(before);
    expect(calls.map((c) => c.status)).toEqual([429, 200]);
  });

  it('keeps at most 5 calls in flight for a tenant', async () => {
    double.state.faults.latencyMs = 60;
    double.state.maxInFlight = 0;
    const before = organisationCalls().length;
    const c = client();
    const answers = await Promise.all(Array.from({ length: 12 }, () => c.request(organisation)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(double.state.maxInFlight).toBe(5);
    expect(
      organisationCalls()
        .slice(before)
        .every((x) => x.status === 200),
    ).toBe(true);
  });

  it('keeps to the calls-per-window limit', async () => {
    const c = client('p1', { perMinute: 3, windowMs: 1000 });
    const before = organisationCalls().length;
    await Promise.all(Array.from({ length: 5 }, () => c.request(organisation)));
    const starts = organisationCalls()
      .slice(before)
      .map((x) => x.startedAt)
      .sort((x, y) => x - y);
    expect(starts).toHaveLength(5);
    expect((starts[3] as number) - (starts[0] as number)).toBeGreaterThanOrEqual(950);
    expect((starts[2] as number) - (starts[0] as number)).toBeLessThan(900);
  });

  it('marks the connection revoked when Xero refuses the saved refresh token (invalid_grant)', async () => {
    double.state.accessTokens.clear();
    double.state.refreshTokens.clear();
    await expect(client().request(organisation)).rejects.toBeInstanceOf(XeroNotConnectedError);
    const saved = await row();
    expect(saved?.revoked_at).not.toBeNull();
    expect(saved?.last_error).toMatch(/invalid_grant/);
    const status = (await t.request({ method: 'GET', url: 'xero/isauth/', token: admin })).json().data;
    expect(status.authorized).toBe(false);
    expect(status.connection.tenant_name).toBe('Demo Company (UK)');
    await expect(client().request(organisation)).rejects.toBeInstanceOf(XeroNotConnectedError);
    // Connecting again makes it usable again.
    await connectXero(t, double, admin);
    expect((await row())?.revoked_at).toBeNull();
    expect((await client().request(organisation)).status).toBe(200);
  });
});
