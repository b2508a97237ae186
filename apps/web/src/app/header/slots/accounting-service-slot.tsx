/** Header slot for the accounting-service (Xero) menu (spec 2.3, section 4); filled by the xero feature. */
export function AccountingServiceSlot() {
  return null;
}
