import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, queryRows } from '../db/client.ts';
import { verifyPassword } from '../platform/crypto.ts';
import { childEnv } from '../test/env.ts';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'create-admin-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const createAdmin = (...args: string[]) =>
  run('npx', ['tsx', 'src/cli/create-admin.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: childEnv({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '' }),
  });

describe('npm run create-admin', () => {
  it('creates the first administrator with a temporary password, and refuses a second with the same email', async () => {
    const { stdout } = await createAdmin('--email', 'Boss@Company.com', '--name', 'The Boss');
    const password = stdout.match(/Temporary password: (\S+)/)?.[1];
    expect(password).toBeTruthy();

    const database = await openPglite(dataDir);
    try {
      const rows = await queryRows<{
        email: string;
        type: string;
        role: string;
        temporary_password: boolean;
        password_hash: string;
        n: number;
      }>(
        database.db,
        sql`select email, type, role, temporary_password, password_hash, (select count(*)::int from users) as n from users where email = 'boss@company.com'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ type: 'admin', role: 'Admin', temporary_password: true, n: 1 });
      expect(await verifyPassword(rows[0]!.password_hash, password!)).toBe(true);
    } finally {
      await database.close();
    }

    await expect(createAdmin('--email', 'boss@company.com')).rejects.toMatchObject({
      stderr: expect.stringContaining('already exists'),
    });
  }, 60_000);

  it('explains its usage when the email is missing', async () => {
    await expect(createAdmin()).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage') });
  }, 30_000);
});
