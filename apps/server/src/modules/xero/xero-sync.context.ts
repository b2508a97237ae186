import type { XeroSyncError } from '@app/shared';
import type { XeroDeps } from './xero.deps.ts';

/** Counters a step adds to its run's progress (each a delta). */
export interface XeroProgress {
  total?: number;
  done?: number;
  created?: number;
  updated?: number;
  pulled?: number;
}

/**
 * What one step of a sync run (`xero-contacts.sync.ts`, `xero-invoices.push.ts`) is given by the
 * run engine (`xero-sync.job.ts`): the deps (with the client), and ways to report progress.
 */
export interface XeroSyncContext {
  deps: XeroDeps;
  runId: number;
  now(): Date;
  /** Adds to the run's counters (saved at once: the menu polls them). */
  progress(delta: XeroProgress): Promise<void>;
  /** Records one record that failed, with Xero's words; counts it done and failed. */
  fail(error: XeroSyncError): Promise<void>;
  /** Throws when this process lost the run's lease (another took it over): stop without writing more. */
  checkpoint(): Promise<void>;
}

export type XeroSyncStep = (ctx: XeroSyncContext) => Promise<void>;
