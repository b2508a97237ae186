import { lazy, Suspense } from 'react';

// Loaded on its own, so the shell stays small (spec 2.3 and 5: the currency converter).
const CurrencyConverter = lazy(() => import('../../../features/rates/components/currency-converter.tsx'));

/** Header slot for the currency converter, filled by the rates feature. */
export function ConverterSlot() {
  return (
    <Suspense fallback={null}>
      <CurrencyConverter />
    </Suspense>
  );
}
