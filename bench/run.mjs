// `npm run bench`: every benchmark, one after the other, each printing its own figures.
// Run one alone with the command shown before it. They are measurements, not tests: nothing here fails
// on a slow figure.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benches = [
  'node bench/web/bundle-size.mjs',
  'npx tsx bench/platform/cold-start.ts 5',
  'npx tsx bench/platform/users-me.ts 10',
  'npx tsx bench/directory/run.ts',
  'npx tsx bench/requests/run.ts',
  'npx tsx bench/accounting/run.ts',
  'npx tsx bench/banking/run.ts',
  'npx tsx bench/reports/run.ts',
  'npx tsx bench/tasks/run.ts',
];
for (const command of benches) {
  console.info(`\n$ ${command}`);
  execSync(command, { cwd: root, stdio: 'inherit' });
}
