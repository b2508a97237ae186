import type { XeroDeps } from './xero.deps.ts';
import type { XeroClient } from './xero-api.ts';

/** The Accounting API client of the connected tenant (helper H1 builds it). */
export function createXeroClient(_deps: Omit<XeroDeps, 'client'>): XeroClient {
  return {
    async request() {
      throw new Error('The Xero client is not built yet');
    },
  };
}
