import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('health', () => {
  it('says the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', database: 'ok' } });
  });

  it('answers 503 when the database does not', async () => {
    const broken = await createTestContext();
    await broken.database.close(); // the app's connection is gone, as when the server goes away
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ errors: { detail: 'Database unreachable' } });
    } finally {
      await broken.app.close(); // its database is dropped with the run's others
    }
  });
});

describe('API documentation', () => {
  it('serves the browsable page under a Content Security Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
    expect(res.headers['content-security-policy']).toBeTruthy();
  });

  it('documents every API route the access table knows', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const documented = new Set(Object.keys(doc.paths));
    const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    const missing = t.app.routeTable
      .map((r) => openapiPath(r.url))
      .filter((p) => p !== '/api/v1/openapi.json' && !documented.has(p));
    expect(missing).toEqual([]);
  });
});
