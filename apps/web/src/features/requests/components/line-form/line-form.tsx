import type { CreateRequestLineBody } from '@app/shared/requests/requests.schemas';
import type { RequestKind } from '@app/shared/requests/requests.status';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { setFormError, showServerFieldErrors } from '../../../../lib/forms/server-field-errors.ts';
import { isHttpError } from '../../../../lib/http/http-error.ts';
import { LINE_FIELDS } from '../line-fields/line-values.ts';
import { ServiceLineFields } from '../line-fields/service-line-fields.tsx';
import { StaleAlert } from '../request/stale-alert.tsx';
import { DeadlinesEditor } from './deadlines-editor.tsx';
import {
  fieldEditable,
  LineFormSchema,
  type LineFormValues,
  type LineLock,
  lineBody,
} from './line-form-values.ts';

const FORM_FIELDS = [...LINE_FIELDS, 'deadlines'] as const;

export const STALE_LINE_MESSAGE =
  'This line was changed by someone else while you were editing it. Reload the request to see the latest version, then make your changes again.';

const LOCK_NOTES: Record<LineLock, string | null> = {
  open: null,
  stamped:
    'This line is confirmed: its service and money are stamped. Times, description and deadline payments can still change; undo the confirmation to change the rest.',
  closed: 'This line is invoiced, accounted or canceled: only its deadline payments can change.',
};

export interface LineFormProps {
  kind?: RequestKind;
  initial: LineFormValues;
  lock?: LineLock;
  /** The line's supplier, so the picker shows its name without a preload. */
  supplier?: { id: number; name: string } | null;
  submitLabel: string;
  /** Saves the line; a thrown HTTP error is shown on the form (400 fields, 409 stale). */
  onSubmit: (body: CreateRequestLineBody) => Promise<void>;
  onCancel: () => void;
  /** Offered with a stale (409) answer: reloads the request. */
  onReload?: () => void;
  /** Told whenever the form starts or stops holding changes not saved (the drawer asks before closing). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * One service line in the request page's drawer: the line's fields (`ServiceLineFields`, shared
 * with the create page), under the locks of its status, and its deadline payments.
 */
export function LineForm({
  kind = 'service',
  initial,
  lock = 'open',
  supplier,
  submitLabel,
  onSubmit,
  onCancel,
  onReload,
  onDirtyChange,
}: LineFormProps) {
  const { control, handleSubmit, setError, formState } = useForm<
    LineFormValues,
    unknown,
    CreateRequestLineBody
  >({
    defaultValues: initial,
    resolver: zodResolver(LineFormSchema) as never,
  });
  const [stale, setStale] = useState(false);
  const { isDirty } = formState;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const submit = handleSubmit(async (values) => {
    setStale(false);
    try {
      await onSubmit(lineBody(values));
    } catch (error) {
      if (isHttpError(error) && error.status === 409) setStale(true);
      else showServerFieldErrors(error, FORM_FIELDS, setFormError(setError));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Service line">
      <Stack gap="md">
        {LOCK_NOTES[lock] ? (
          <Alert color="blue" variant="light" p="sm">
            <Text size="sm">{LOCK_NOTES[lock]}</Text>
          </Alert>
        ) : null}
        {stale ? <StaleAlert message={STALE_LINE_MESSAGE} onReload={onReload} /> : null}

        {lock === 'closed' ? <DeadlinesEditor control={control} /> : null}

        <ServiceLineFields
          control={control}
          kind={kind}
          layout="sections"
          locked={(field) => !fieldEditable(lock, field)}
          supplier={supplier}
        />

        {lock === 'closed' ? null : <DeadlinesEditor control={control} />}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
