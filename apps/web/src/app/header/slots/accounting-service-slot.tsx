import { AccountingServiceMenu } from '../../../features/accounting-service/components/accounting-service-menu.tsx';

/**
 * Header slot for the accounting-service (Xero) menu (spec 2.3, section 4), shown to every role
 * (neither 2.3 nor section 6 limits it). Until Xero is configured (a later issue) it shows the
 * "not connected" state with its actions disabled.
 */
export function AccountingServiceSlot() {
  return <AccountingServiceMenu />;
}
