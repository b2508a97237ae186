// Gzipped JS a route needs at first load: the entry, the route's lazy chunks, and their static imports.
// Run: node bench/web/bundle-size.mjs   (builds the web app with a manifest into a temporary folder)
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-size-'));
execSync(`npx vite build --manifest --outDir ${dist} --emptyOutDir`, {
  cwd: path.join(root, 'apps/web'),
  stdio: 'ignore',
});
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

function closure(keys) {
  const seen = new Set();
  const walk = (k) => {
    if (!k || seen.has(k)) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
  };
  for (const k of keys) walk(k);
  return seen;
}
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const find = (fragment) => {
  const key = Object.keys(manifest).find((k) => k.includes(fragment));
  if (!key) throw new Error(`no chunk for ${fragment}`);
  return key;
};
const BUDGET_KB = 250;
const report = (label, fragments, budgeted = false) => {
  const files = [...closure([entryKey, ...fragments.map(find)])]
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith('.js'));
  const kb = files.reduce((s, f) => s + gz(f), 0) / 1024;
  console.info(
    `${label.padEnd(34)} ${kb.toFixed(1).padStart(6)} KB gzipped in ${files.length} files${budgeted && kb > BUDGET_KB ? '  OVER BUDGET' : ''}`,
  );
};

console.info(
  `initial JavaScript per route (budget ${BUDGET_KB} KB gzipped for login and shell; the rest load as separate chunks)`,
);
report('login (/login)', ['features/auth/pages/login-page.tsx'], true);
report('shell (/requests)', ['src/app/shell/app-shell.tsx', 'src/app/pages/placeholder-page.tsx'], true);
report('shell + users (/users)', ['src/app/shell/app-shell.tsx', 'src/app/pages/users-admin-page.tsx']);
report('shell + clients list', ['src/app/shell/app-shell.tsx', 'features/directory/pages/clients-page.tsx']);
report('shell + exchange rates', [
  'src/app/shell/app-shell.tsx',
  'features/rates/pages/exchange-rates-page.tsx',
]);
fs.rmSync(dist, { recursive: true, force: true });
