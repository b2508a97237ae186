import type { SeedContext } from '../../platform/module.ts';

/** Demo invoices, bills, vouchers and cards for the demo requests (decision 0010, "Demo data"). */
export async function seedAccounting(_ctx: SeedContext): Promise<void> {
  // Built by issue 10.
}
