import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Background } from './background.ts';
import type { Jobs } from './jobs.ts';
import type { Mailer } from './mailer.ts';
import type { EventBus } from './realtime/event-bus.ts';

/** What every module may be built from. Pass a service only what it uses. */
export interface Core {
  config: Config;
  db: Db;
  database: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Work after the answer (mail and what it needs); the app waits for it when it closes. */
  background: Background;
  /** Realtime events to the sockets of every process (publish after commit: `publishAfterCommit`). */
  bus: EventBus;
  /** Background jobs: `core.jobs.every(name, intervalMs, run)` (platform/jobs.ts). */
  jobs: Jobs;
}
