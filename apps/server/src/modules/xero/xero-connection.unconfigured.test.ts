import { XERO_NOT_CONFIGURED } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('Admin');
});
afterAll(async () => {
  await t?.close();
});

describe('Xero without app credentials', () => {
  it('answers 400 with the not-configured message to auth/ and code/, and says so in isauth/', async () => {
    for (const url of ['xero/auth/', 'xero/code/?code=a&state=b']) {
      const res = await t.request({ method: 'GET', url, token: admin });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.detail).toEqual([XERO_NOT_CONFIGURED]);
    }
    const status = await t.request({ method: 'GET', url: 'xero/isauth/', token: admin });
    expect(status.json().data).toEqual({ configured: false, authorized: false, connection: null, run: null });
  });
});
