import type { XeroSyncRun } from '@app/shared';
import type { Db } from '../../db/client.ts';

/** The run under way, or else the latest one (null when none ever ran). Helper H2 builds it. */
export async function currentRun(_db: Db): Promise<XeroSyncRun | null> {
  return null;
}
