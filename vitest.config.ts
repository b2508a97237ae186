import { defineConfig } from 'vitest/config';

// In CI every run also writes a JSON report, which scripts/ci-summary.mjs adds up.
const reportDir = process.env.CI_REPORT_DIR;
const reportName = process.env.CI_REPORT_NAME ?? 'vitest';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    ...(reportDir && {
      reporters: ['default', 'json'],
      outputFile: { json: `${reportDir}/${reportName}.json` },
    }),
  },
});
