import { Writable } from 'node:stream';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { freshDatabase } from '../test/databases.ts';
import { ROLE_EMAILS } from '../test/harness.ts';
import { issueToken } from '../test/tokens.ts';
import { safeError, safeUrl } from './logging.ts';
import type { App } from './types.ts';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g';

/** A failed insert as drizzle reports it: its parameters in the message and on the error, the row in the cause. */
function failedInsert() {
  const cause = Object.assign(new Error('new row for relation "users" violates check constraint "c"'), {
    code: '23514',
    severity: 'ERROR',
    table: 'users',
    constraint: 'c',
    detail: `Failing row contains (7, Anna, anna.secret@example.com, ${HASH}).`,
    query: 'insert into users ...',
    params: ['Anna', 'anna.secret@example.com', HASH],
  });
  return new DrizzleQueryError(
    'insert into "users" ("name", "email", "password_hash") values ($1, $2, $3)',
    ['Anna', 'anna.secret@example.com', HASH],
    cause,
  );
}

describe('the error serializer', () => {
  it('keeps the query, the code and the constraint, and drops every parameter and the failing row', () => {
    const out = JSON.stringify(safeError(failedInsert()));
    expect(out).not.toContain('anna.secret@example.com');
    expect(out).not.toContain('$argon2id$');
    expect(out).toContain('Failed query: insert into \\"users\\"');
    expect(out).toContain('params: [redacted]');
    expect(out).toContain('"code":"23514"');
    expect(out).toContain('"constraint":"c"');
    expect(out).toContain('at ');
  });

  it('drops the value PostgreSQL quotes from the input', () => {
    const err = Object.assign(new Error('invalid input syntax for type integer: "4111 1111 1111 1111"'), {
      code: '22P02',
      severity: 'ERROR',
    });
    const out = JSON.stringify(safeError(err));
    expect(out).not.toContain('4111');
    expect(out).toContain('invalid input syntax for type integer: \\"[redacted]\\"');
  });

  it('redacts secret values in logged URLs', () => {
    expect(safeUrl('/notifications/?token=abc123&x=1')).toBe('/notifications/?token=[redacted]&x=1');
    expect(safeUrl('/recover?token=abc')).toBe('/recover?token=[redacted]');
    expect(safeUrl('/api/v1/clients/?search=x')).toBe('/api/v1/clients/?search=x');
  });
});

describe('the server log, when queries fail', () => {
  let app: App;
  let database: Database;
  let dispose: () => Promise<void>;
  const lines: string[] = [];
  const log = () => lines.join('');

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(inject('pgTemplate')));
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      config: testConfig(),
      database,
      mailer: { send: async () => {} },
      logger: { level: 'info', stream },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const call = (opts: { method: 'GET' | 'POST'; url: string; token?: string; payload?: object }) =>
    app.inject({
      method: opts.method,
      url: opts.url,
      payload: opts.payload,
      headers: {
        cookie: 'XSRF-TOKEN=x-x-x-x-x-x-x-x-x-x',
        'x-xsrf-token': 'x-x-x-x-x-x-x-x-x-x',
        ...(opts.token && { authorization: `Token ${opts.token}` }),
      },
    });

  it('logs a failed insert of a user without the email, the password or its argon2id hash', async () => {
    const admin = await issueToken(database.db, ROLE_EMAILS.Admin);
    await database.db.execute(
      sql.raw(`alter table users add constraint no_leaks check (email not like 'leak-%')`),
    );
    const email = `leak-${Date.now()}@example.com`;
    const res = await call({
      method: 'POST',
      url: '/api/v1/users/',
      token: admin,
      payload: { name: 'Leak Test', email, role: 'FO', password: 'Sekret-Passw0rd-42' },
    });
    expect(res.statusCode).toBe(500);
    expect(log()).toContain('no_leaks'); // the failure itself is logged, with its constraint
    expect(log()).not.toContain(email);
    expect(log()).not.toContain('$argon2id$');
    expect(log()).not.toContain('Sekret-Passw0rd-42');
    expect(res.body).not.toContain('no_leaks');
  });

  it('logs a failed sign-in query without the email it counted', async () => {
    await database.db.execute(sql.raw('alter table login_failures rename to login_failures_away'));
    try {
      const email = `who-${Date.now()}@example.com`;
      const res = await call({
        method: 'POST',
        url: '/api/v1/auth/token/login/',
        payload: { email, password: 'Another-Sekret-77' },
      });
      expect(res.statusCode).toBe(500);
      expect(log()).toContain('login_failures');
      expect(log()).not.toContain(email);
      expect(log()).not.toContain('Another-Sekret-77');
    } finally {
      await database.db.execute(sql.raw('alter table login_failures_away rename to login_failures'));
    }
  });

  it('logs a page address without the token it carries', async () => {
    await call({ method: 'GET', url: '/recover?token=reset-link-secret-0123456789' });
    expect(log()).toContain('/recover?token=[redacted]');
    expect(log()).not.toContain('reset-link-secret-0123456789');
  });
});
