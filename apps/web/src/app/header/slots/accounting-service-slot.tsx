import { AccountingServiceDialogs } from '../../../features/accounting-service/components/accounting-service-dialogs.tsx';
import { AccountingServiceMenu } from '../../../features/accounting-service/components/accounting-service-menu.tsx';
import type { AccountingService } from '../../../features/accounting-service/components/use-accounting-service.ts';

/**
 * Header slot for the accounting-service (Xero) menu (spec 2.3, section 4): Admin and Accountant
 * only (XERO_ACCESS; the server answers anyone else 403). The header holds the state, which the
 * phone's overflow menu shares; the dialogs live here, outside both dropdowns.
 */
export function AccountingServiceSlot({ service }: { service: AccountingService }) {
  if (!service.enabled) return null;
  return (
    <>
      <AccountingServiceMenu service={service} />
      <AccountingServiceDialogs service={service} />
    </>
  );
}
