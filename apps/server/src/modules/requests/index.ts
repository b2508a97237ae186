import { HOTEL_OFFERS_READ_ACCESS, REQUESTS_READ_ACCESS } from '@app/shared';
import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import { createRatesService } from '../rates/rates.service.ts';
import {
  PAYMENT_REMINDERS_INTERVAL_MS,
  PAYMENT_REMINDERS_JOB,
  sendPaymentReminders,
} from './deadline-reminders.ts';
import { logRoutes } from './log.routes.ts';
import { createLogService } from './log.service.ts';
import { offersRoutes } from './offers.routes.ts';
import { createOffersService, HOTEL_OFFER_ENTITY } from './offers.service.ts';
import { requestsRoutes } from './requests.routes.ts';
import { seedRequests } from './requests.seed.ts';
import { createRequestsService, REQUEST_ENTITY } from './requests.service.ts';
import { summaryRefresher } from './requests.summary.ts';

/** Requests, their service lines, deadlines and the deadlines list (decision 0009). */
async function registerRequestsModule(app: App, core: Core): Promise<void> {
  auditRegistry.register(REQUEST_ENTITY, REQUESTS_READ_ACCESS);
  const rates = createRatesService({ db: core.db });
  await requestsRoutes(app, { requests: createRequestsService({ db: core.db, rates }) });
  // Hotel offers and the LOG (offers.*, log.*): a chosen offer becomes a line through the requests service.
  auditRegistry.register(HOTEL_OFFER_ENTITY, HOTEL_OFFERS_READ_ACCESS);
  const lines = createRequestsService({ db: core.db, rates });
  await offersRoutes(app, { offers: createOffersService({ db: core.db, lines }) });
  await logRoutes(app, {
    log: createLogService({ db: core.db, summary: summaryRefresher(rates) }),
  });
  // Deadline payments due tomorrow or overdue and unpaid: a notice to the request's managers, once.
  core.jobs.every(PAYMENT_REMINDERS_JOB, PAYMENT_REMINDERS_INTERVAL_MS, async (ctx) => {
    const sent = await sendPaymentReminders(ctx);
    if (sent.due || sent.overdue)
      ctx.log.info({ job: PAYMENT_REMINDERS_JOB, ...sent }, 'payment reminders sent');
  });
}

export const requestsModule: ServerModule = {
  name: 'requests',
  register: registerRequestsModule,
  seed: seedRequests,
};
