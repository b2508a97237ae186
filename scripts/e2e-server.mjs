// The server for the browser tests: a fresh embedded database with demo data in a temporary folder,
// removed again on exit, and E2E=1 (which adds a route that fails on purpose, for the 500 toast).
// XERO_FAKE=1: the project's Xero double stands in for Xero (its consent page, tokens and API), and
// it sends the browser back to the address the tests use (127.0.0.1, where their session is).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-e2e-'));
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));

Object.assign(process.env, {
  NODE_ENV: 'test',
  E2E: '1',
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '3100',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  XERO_FAKE: '1',
  XERO_REDIRECT_URI: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}/xero/callback`,
});
delete process.env.DATABASE_URL;
delete process.env.SEED_DEMO;

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/server.ts'));
