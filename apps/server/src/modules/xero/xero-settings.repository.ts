import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { xeroSettings } from './xero.table.ts';

type Executor = Db | Tx;

/** The single row of Xero settings (id 1): the stored jsonb as it is, or null when never saved. */
export const xeroSettingsRepository = {
  async find(db: Executor): Promise<unknown | null> {
    const rows = await db
      .select({ settings: xeroSettings.settings })
      .from(xeroSettings)
      .where(eq(xeroSettings.id, 1));
    return rows[0]?.settings ?? null;
  },

  async save(db: Executor, settings: unknown, updatedBy: number | null, at: Date): Promise<void> {
    const values = { settings, updated_by: updatedBy, updated_at: at };
    await db
      .insert(xeroSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: xeroSettings.id, set: values });
  },
};
