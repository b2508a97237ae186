import { lazy, Suspense } from 'react';

// Loaded on its own, so the shell stays small (spec 2.3: the exchange-rates popover).
const RatesPopover = lazy(() => import('../../../features/rates/components/rates-popover.tsx'));

/** Header slot for the exchange-rates popover, filled by the rates feature. */
export function RatesPopoverSlot() {
  return (
    <Suspense fallback={null}>
      <RatesPopover />
    </Suspense>
  );
}
