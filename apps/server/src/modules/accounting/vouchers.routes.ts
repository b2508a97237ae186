import {
  ACCOUNTING_ACCESS,
  BulkVoucherStatusBodySchema,
  envelope,
  IdParamsSchema,
  UpdateVoucherBodySchema,
  VoucherListQuerySchema,
  VoucherSchema,
  voucherListEnvelope,
} from '@app/shared';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import { createVouchersService, VOUCHER_ENTITY } from './vouchers.service.ts';

const tags = ['payment-vouchers'];
const access = { access: ACCOUNTING_ACCESS };
const record = { 200: envelope(VoucherSchema) };

/** Payment vouchers: approve, revoke, list (decision 0010). */
export async function vouchersRoutes(app: App, core: Core): Promise<void> {
  auditRegistry.register(VOUCHER_ENTITY, ACCOUNTING_ACCESS);
  const vouchers = createVouchersService({ db: core.db });

  app.get(
    '/payment-vouchers/',
    {
      config: access,
      schema: { tags, querystring: VoucherListQuerySchema, response: { 200: voucherListEnvelope } },
    },
    async (request) => vouchers.list(request.query),
  );

  app.post(
    '/payment-vouchers/approve/',
    {
      config: access,
      schema: {
        tags,
        body: BulkVoucherStatusBodySchema,
        response: { 200: envelope(z.array(VoucherSchema)) },
      },
    },
    async (request) => ({ data: await vouchers.updateMany(ctxOf(request), request.body) }),
  );

  app.get(
    '/payment-vouchers/:id/',
    { config: access, schema: { tags, params: IdParamsSchema, response: record } },
    async (request) => ({ data: await vouchers.get(request.params.id) }),
  );

  app.patch(
    '/payment-vouchers/:id/',
    {
      config: access,
      schema: { tags, params: IdParamsSchema, body: UpdateVoucherBodySchema, response: record },
    },
    async (request) => ({ data: await vouchers.update(ctxOf(request), request.params.id, request.body) }),
  );
}
