import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Background } from '../../platform/background.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { XeroClient } from './xero-api.ts';

/** What the Xero module's parts are built from (`index.ts` makes one). */
export interface XeroDeps {
  db: Db;
  config: Config;
  /** Seals the tokens and PKCE verifiers at rest. */
  secrets: SecretBox;
  jobs: Jobs;
  background: Background;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The Accounting API of the connected tenant (`xero-client.ts`). */
  client: XeroClient;
  /** This process's name in leases (refresh and sync runs). */
  processId: string;
}
