import { Input } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The error line for composite widgets that cannot use Mantine's Input.Wrapper directly. Give the
 * same `id` to the control's `aria-describedby`. Announced politely to screen readers.
 */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <Input.Error id={id} role="alert">
      {children}
    </Input.Error>
  );
}

/** Ids for a field's parts, derived from one base id so label, input and error stay linked. */
export const fieldIds = (base: string) => ({ input: base, error: `${base}-error`, label: `${base}-label` });
