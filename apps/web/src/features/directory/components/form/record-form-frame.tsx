import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormActions } from './form-actions.tsx';
import { FormBanner } from './form-banner.tsx';
import classes from './record-form-frame.module.css';
import type { RecordFormState } from './use-record-form.ts';

/** The frame every directory form shares: the save's banner, the fields, then Cancel and submit. */
export function RecordFormFrame({
  state,
  label,
  submitLabel,
  onCancel,
  onReload,
  children,
}: {
  state: RecordFormState;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  onCancel?: () => void;
  /** Offered when the save was refused because someone else changed the record. */
  onReload?: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={state.submit} noValidate aria-label={label} className={classes.form}>
      <Stack gap="md">
        <FormBanner outcome={state.outcome} onReload={onReload} />
        {children}
        <FormActions submitLabel={submitLabel} busy={state.busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
