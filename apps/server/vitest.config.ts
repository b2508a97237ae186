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
    // mocks modules. Measured: the server suite on PGlite 15.4 -> 6.3 min, on PostgreSQL 4.5 -> 3 min.
    isolate: false,
  },
});
