import type { ReactNode } from 'react';

/**
 * What every widget in src/ui takes, so forms can treat them alike. The label sits on top and is
 * tied to the focusable element (`htmlFor`/`id`); `error` turns on `aria-invalid` and is linked by
 * `aria-describedby` (Mantine's Input.Wrapper does both). `required` adds the asterisk and
 * `aria-required`, and makes the widget say 'Required field' itself once it has been left empty.
 */
export interface FieldBaseProps {
  /** Top label. */
  label?: ReactNode;
  placeholder?: string;
  /** Small text under the label. */
  description?: ReactNode;
  /** A message from outside (react-hook-form, the server); it wins over the widget's own. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** Form name; also the query-string parameter read when `filtering` is on. */
  name?: string;
  id?: string;
  className?: string;
  /** Called when the widget loses focus or its dropdown closes (react-hook-form `touched`). */
  onBlur?: () => void;
}
