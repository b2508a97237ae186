import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { useServerErrors } from './use-server-errors.ts';

/**
 * A directory record's form: validated on touch by its schema, and a refused save puts the
 * server's messages on the fields (the rest goes to the banner, see RecordFormFrame).
 */
export function useRecordForm<V extends FieldValues, O extends FieldValues>({
  resolver,
  defaultValues,
  fields,
  onSubmit,
}: {
  /** The schema's resolver: the inputs' values `V` in, the request body `O` out. */
  resolver: Resolver<V, unknown, O>;
  defaultValues: DefaultValues<V>;
  /** The fields the form shows: server messages for others go to the banner. */
  fields: readonly string[];
  onSubmit: (values: O) => Promise<unknown>;
}) {
  const form = useForm<V, unknown, O>({ resolver, defaultValues, mode: 'onTouched' });
  const server = useServerErrors(form.setError, fields);
  const submit = form.handleSubmit(async (values) => {
    server.clear();
    try {
      await onSubmit(values);
    } catch (error) {
      server.handle(error);
    }
  });
  return {
    form,
    control: form.control,
    submit,
    outcome: server.outcome,
    // read here, by the component that owns the form, so it re-renders when this changes
    busy: form.formState.isSubmitting,
  };
}

export type RecordFormState = Pick<ReturnType<typeof useRecordForm>, 'submit' | 'outcome' | 'busy'>;
