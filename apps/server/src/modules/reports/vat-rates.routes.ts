import {
  FINANCE_REPORTS_ACCESS,
  VAT_RATES_WRITE_ACCESS,
  VatRatesBodySchema,
  vatRatesEnvelope,
} from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';
import { createVatRatesService } from './vat-rates.service.ts';

const tags = ['reports'];

/** The TOMS VAT rate per account type: read with Fin-Report, written by an Admin. */
export async function vatRatesRoutes(app: App, core: Core): Promise<void> {
  const vatRates = createVatRatesService({ db: core.db });
  app.get(
    '/reports/vat-rates/',
    { config: { access: FINANCE_REPORTS_ACCESS }, schema: { tags, response: { 200: vatRatesEnvelope } } },
    async () => ({ data: await vatRates.list() }),
  );

  app.put(
    '/reports/vat-rates/',
    {
      config: { access: VAT_RATES_WRITE_ACCESS },
      schema: { tags, body: VatRatesBodySchema, response: { 200: vatRatesEnvelope } },
    },
    async (request) => ({ data: await vatRates.update(ctxOf(request), request.body) }),
  );
}
