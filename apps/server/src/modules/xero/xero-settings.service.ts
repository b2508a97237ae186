import { ACCOUNT_TYPES, type XeroSettings, XeroSettingsSchema } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { xeroSettingsRepository } from './xero-settings.repository.ts';

/**
 * The codes of Xero's UK demo chart: Sales (200), Other Revenue (260), Purchases (300), Cost of
 * Goods Sold (310), Business Bank Account (090). Disbursements are money passed through for the
 * client, so they go to their own accounts.
 */
export function defaultXeroSettings(): XeroSettings {
  const account_codes = Object.fromEntries(
    ACCOUNT_TYPES.map((t) => [
      t,
      t === 'Disbursement' ? { sales: '260', purchases: '300' } : { sales: '200', purchases: '310' },
    ]),
  ) as XeroSettings['account_codes'];
  return { account_codes, payment_account_code: '090', bank_account_codes: {} };
}

/** The saved settings, or the defaults; a saved row that no longer parses (a new account type) is filled from them. */
export async function getXeroSettings(db: Db): Promise<XeroSettings> {
  const saved = await xeroSettingsRepository.find(db);
  const defaults = defaultXeroSettings();
  if (!saved || typeof saved !== 'object') return defaults;
  const s = saved as Partial<XeroSettings>;
  const merged = {
    ...defaults,
    ...s,
    account_codes: { ...defaults.account_codes, ...(s.account_codes ?? {}) },
  };
  const parsed = XeroSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : defaults;
}

export async function saveXeroSettings(
  db: Db,
  ctx: { user: { id: number } },
  settings: XeroSettings,
): Promise<XeroSettings> {
  await xeroSettingsRepository.save(db, settings, ctx.user.id, new Date());
  return getXeroSettings(db);
}
