import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../test/harness.ts';
import { issueToken } from '../test/tokens.ts';
import { registerErrorHandler } from './error-handler.ts';
import { MAX_BOUNDARY_LENGTH, multipartPlugin } from './multipart.ts';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await issueToken(t.database.db, ROLE_EMAILS.Admin);
});
afterAll(() => t.close());

const part = (boundary: string, body: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${body}`;
const form = (boundary: string) => ({ 'content-type': `multipart/form-data; boundary=${boundary}` });
const long = (n: number) => 'b'.repeat(n);

/** Bodies a broken or hostile client sends; each must be a 400 with the API's error envelope. */
const MALFORMED: Record<string, { headers: Record<string, string>; payload: string }> = {
  'no boundary': {
    headers: { 'content-type': 'multipart/form-data' },
    payload: `${part('x', 'a,b')}\r\n--x--\r\n`,
  },
  'an empty boundary': { headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: '--\r\n' },
  'a boundary over 256 characters': {
    headers: form(long(300)),
    payload: `${part(long(300), 'a,b')}\r\n--${long(300)}--\r\n`,
  },
  [`a boundary over ${MAX_BOUNDARY_LENGTH} characters`]: {
    headers: form(long(MAX_BOUNDARY_LENGTH + 1)),
    payload: `${part(long(MAX_BOUNDARY_LENGTH + 1), 'a,b')}\r\n--${long(MAX_BOUNDARY_LENGTH + 1)}--\r\n`,
  },
  'a body cut in the file': { headers: form('cut'), payload: part('cut', 'a,b\r\n1,2') },
  'a body cut in the part headers': {
    headers: form('cut'),
    payload: '--cut\r\nContent-Disposition: form-da',
  },
  'a body that is not multipart at all': { headers: form('cut'), payload: 'hello, world' },
  'an empty body': { headers: form('empty'), payload: '' },
  'no file, only a field': {
    headers: form('f'),
    payload: '--f\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n{}\r\n--f--\r\n',
  },
};

/** Not multipart at all: refused as the wrong media type (415), in the same envelope. */
const WRONG_TYPE: Record<string, { headers: Record<string, string>; payload: string }> = {
  'text/plain': { headers: { 'content-type': 'text/plain' }, payload: 'a,b' },
  JSON: { headers: { 'content-type': 'application/json' }, payload: '{}' },
  'an unknown type': { headers: { 'content-type': 'application/x-anything' }, payload: 'a,b' },
  'no content type and no body': { headers: {}, payload: '' },
};

const concrete = (url: string) => url.replace(/:(\w+)/g, '1');

describe('every upload route', () => {
  it('is known from its declared consumes', () => {
    const routes = t.app.multipartRoutes.map((r) => `${r.method} ${r.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/v1/users/me/avatar/',
        'POST /api/v1/clients/import/preview/',
        'POST /api/v1/clients/import/',
        'POST /api/v1/suppliers/import/preview/',
        'POST /api/v1/suppliers/import/',
      ]),
    );
  });

  it('answers every malformed multipart body with a 400 and the error envelope, never a 500', async () => {
    for (const route of t.app.multipartRoutes) {
      for (const [shape, body] of Object.entries(MALFORMED)) {
        const res = await t.request({
          method: route.method as 'POST',
          url: concrete(route.url),
          token: admin,
          ...body,
        });
        const what = `${route.method} ${route.url} with ${shape}`;
        expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
        const errors = res.json().errors;
        expect(Object.values(errors).flat().length, what).toBeGreaterThan(0);
        expect(
          Object.values(errors)
            .flat()
            .every((m) => typeof m === 'string' && m.length > 0),
          what,
        ).toBe(true);
      }
    }
  });

  it('answers a body that is not multipart with a 415 and the error envelope', async () => {
    for (const route of t.app.multipartRoutes) {
      for (const [shape, body] of Object.entries(WRONG_TYPE)) {
        const res = await t.request({
          method: route.method as 'POST',
          url: concrete(route.url),
          token: admin,
          ...body,
        });
        const what = `${route.method} ${route.url} with ${shape}`;
        expect(res.statusCode, `${what}: ${res.body}`).toBe(415);
        expect(typeof res.json().errors.detail, what).toBe('string');
      }
    }
  });
});

describe('a route that does not declare multipart', () => {
  it('refuses a multipart body before its handler runs, so every upload route is in the table', async () => {
    const res = await t.request({
      method: 'POST',
      url: 'clients/',
      token: admin,
      headers: form('x'),
      payload: `${part('x', 'a,b')}\r\n--x--\r\n`,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors.detail).toBe('This call does not take multipart/form-data. Send JSON.');
  });
});

describe('the error handler', () => {
  it('answers a parser error with a 400 even when a route reads the body by itself', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    await app.register(multipartPlugin, { maxFileBytes: 1024 });
    app.post('/raw', { schema: { consumes: ['multipart/form-data'] } }, async (request) => {
      const file = await request.file();
      return { size: (await file?.toBuffer())?.length ?? 0 };
    });
    try {
      for (const body of [MALFORMED['no boundary']!, MALFORMED['a boundary over 256 characters']!]) {
        const res = await app.inject({ method: 'POST', url: '/raw', ...body });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({
          errors: { detail: ['The upload is malformed or was cut short. Send the file again.'] },
        });
      }
    } finally {
      await app.close();
    }
  });
});
