import type { XeroSyncStep } from './xero-sync.context.ts';

/** Pulls contact changes made in Xero, then pushes clients and suppliers as contacts. Helper H2 builds it. */
export const runContactsSync: XeroSyncStep = async () => {
  throw new Error('The contacts sync is not built yet');
};
