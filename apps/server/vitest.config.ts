import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per worker, not per file: the app's imports (~2 s) and the PGlite template
    // (initdb + migrations, ~3 s) are paid once per worker instead of once per file (114 files).
    // Safe here: every file builds its own app on its own database (harness.ts), and no server test
    // mocks modules. (The web project stays isolated: its tests share DOM state, toasts and mocks.)
    isolate: false,
    // Vitest's default on 2 cores is 1 worker; the server's files are independent, so use both.
    // Measured on the 2-core CI machine, server suite: PGlite 15.4 min (isolated, 1 worker) -> 3.6
    // (not isolated) -> 2.7 (2 workers); PostgreSQL 4.5 min (CI) -> 3.0 -> 1.7.
    maxWorkers: 2,
    // A project with its own maxWorkers needs a group of its own: server runs after shared and web.
    sequence: { groupOrder: 1 },
  },
});
