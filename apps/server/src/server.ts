import { buildApp } from './app.ts';
import { loadConfig, loadConfigWith } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/prepare.ts';
import { DEMO_ACCOUNTS } from './db/seed/platform.seed.ts';

const startedAt = performance.now();
let config = loadConfig();
// XERO_FAKE=1 (development): the project's Xero double stands in for Xero, on this machine.
let xeroDouble: { url: string; close(): Promise<void> } | null = null;
if (config.xero.fake) {
  const { startXeroDouble } = await import('./test/xero-double/index.ts');
  const double = await startXeroDouble(
    config.xero.fakePort === undefined ? {} : { port: config.xero.fakePort },
  );
  xeroDouble = double;
  config = loadConfigWith(double.env);
}
const database = await openDatabase(config);
const { seeded } = await prepareDatabase(database, config);
const app = await buildApp({ config, database });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  await xeroDouble?.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// Reminders and other background jobs; the browser tests (NODE_ENV=test) run without them.
if (config.env !== 'test') app.jobs.start();
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const engine =
  database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL';
const lines = [
  '',
  `  Back office is running on ${engine}${seeded ? ', with fresh demo data' : ''}.`,
  `  Open http://localhost:${port}  (API docs: http://localhost:${port}/api/docs)`,
];
if (config.seedDemo) {
  lines.push(
    '  Demo accounts (password: ' +
      (config.demoPasswordGiven ? 'the DEMO_PASSWORD you set' : config.demoPassword) +
      '):',
  );
  for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(10)} ${a.email}`);
}
if (xeroDouble)
  lines.push(`  Xero is the local double (XERO_FAKE=1) at ${xeroDouble.url}: no real Xero is called.`);
lines.push(`  Ready in ${Math.round(performance.now() - startedAt)} ms.`, '');
console.info(lines.join('\n'));
