import { MESSAGES } from '@app/shared';
import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';

export interface FieldErrorState {
  /** What to show: the outside error, else the widget's own message, else nothing. */
  error: ReactNode;
  /** Call when the person leaves the field; from then on an empty required field says so. */
  markTouched: () => void;
  touched: boolean;
}

/**
 * Shared rule for 'Required field' (spec sections 2.6 and 5): shown once a required field has been
 * left empty, unless the form already passes its own message in `error`. `ownError` carries the
 * widget's other findings (an unparsable date, a clamped bound).
 */
export function useFieldError(options: {
  error?: ReactNode;
  required?: boolean;
  empty: boolean;
  ownError?: ReactNode;
}): FieldErrorState {
  const [touched, setTouched] = useState(false);
  const markTouched = useCallback(() => setTouched(true), []);
  let error: ReactNode = options.error || options.ownError || null;
  if (!error && options.required && options.empty && touched) error = MESSAGES.required;
  return { error, markTouched, touched };
}
