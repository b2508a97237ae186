import type { Role } from '@app/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, testConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer, MailMessage } from '../platform/mailer.ts';
import type { App } from '../platform/types.ts';
import { freshDatabase } from './databases.ts';

export const TEST_PASSWORD = 'demo-pass-1';
export const ROLE_EMAILS: Record<Role, string> = {
  Admin: 'admin@example.com',
  Accountant: 'accountant@example.com',
  FO: 'fo@example.com',
  BO: 'bo@example.com',
};

const XSRF = 'test-xsrf-token-0123456789';

export interface TestRequest extends Omit<InjectOptions, 'headers' | 'url'> {
  url: string;
  token?: string | null;
  headers?: Record<string, string>;
}

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  /** Mail the app sent (when no SMTP_URL is given). */
  outbox: MailMessage[];
  /** Calls the API with the XSRF pair and, when given, the token; paths are relative to /api/v1. */
  request(opts: TestRequest): Promise<LightMyRequestResponse>;
  login(who: Role | string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** The real app on a database of its own, with the real migrations and the four platform users. */
export async function createTestContext(
  overrides: Parameters<typeof testConfig>[0] = {},
): Promise<TestContext> {
  const { database, dispose } = await freshDatabase(inject('pgTemplate'));
  const config = testConfig(overrides);
  const outbox: MailMessage[] = [];
  const mailer: Mailer | undefined = overrides.SMTP_URL
    ? undefined
    : { send: async (m) => void outbox.push(m) };
  const app = await buildApp({ config, database, ...(mailer && { mailer }), logger: false });
  await app.ready();

  const request: TestContext['request'] = ({ token, headers, url, ...rest }) =>
    app.inject({
      ...rest,
      url: url.startsWith('/') ? url : `/api/v1/${url}`,
      headers: {
        cookie: `XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
        ...(token && { authorization: `Token ${token}` }),
        ...headers,
      },
    } as InjectOptions);

  return {
    app,
    database,
    config,
    outbox,
    request,
    async login(who, password = TEST_PASSWORD) {
      const email = who in ROLE_EMAILS ? ROLE_EMAILS[who as Role] : who;
      const res = await request({ method: 'POST', url: 'auth/token/login/', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json().data.auth_token as string;
    },
    async close() {
      await app.close();
      await dispose();
    },
  };
}
