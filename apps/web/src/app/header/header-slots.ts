/** The header's slots for later features; each lives in its own file under slots/. */
export { AccountingServiceSlot } from './slots/accounting-service-slot.tsx';
export { ConverterSlot } from './slots/converter-slot.tsx';
export { RatesPopoverSlot } from './slots/rates-popover-slot.tsx';
