import type { ServerModule } from '../platform/module.ts';
import { accountingModule } from './accounting/index.ts';
import { auditModule } from './audit/index.ts';
import { authModule } from './auth/index.ts';
import { bankingModule } from './banking/index.ts';
import { chatModule } from './chat/index.ts';
import { directoryModule } from './directory/index.ts';
import { documentsModule } from './documents/index.ts';
import { mailModule } from './mail/index.ts';
import { notificationsModule } from './notifications/index.ts';
import { ratesModule } from './rates/index.ts';
import { reportsModule } from './reports/index.ts';
import { requestsModule } from './requests/index.ts';
import { searchModule } from './search/index.ts';
import { tasksModule } from './tasks/index.ts';
import { usersModule } from './users/index.ts';
import { xeroModule } from './xero/index.ts';

/**
 * Every module of the server, and the only list of them. In this order each registers its routes
 * under /api/v1 and, after the platform seed, seeds its demo data (a seeder may rely on the ones
 * before it). A new module: `modules/<m>/index.ts` exports a `ServerModule`; add it here.
 */
export const serverModules: ServerModule[] = [
  authModule,
  usersModule,
  ratesModule,
  auditModule,
  directoryModule,
  notificationsModule,
  requestsModule,
  accountingModule,
  bankingModule,
  reportsModule,
  searchModule,
  tasksModule,
  chatModule,
  documentsModule,
  mailModule,
  xeroModule,
];
