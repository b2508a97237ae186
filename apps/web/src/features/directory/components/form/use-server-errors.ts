import { useCallback, useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerErrors, type ServerErrorOutcome } from './server-errors.ts';

/** Keeps what the last refused save said beyond its field messages (banner, stale notice). */
export function useServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly string[],
) {
  const [outcome, setOutcome] = useState<ServerErrorOutcome | null>(null);
  const fieldsKey = fields.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: fieldsKey stands for the fields' content
  const handle = useCallback(
    (error: unknown) => setOutcome(applyServerErrors(error, setError, fields)),
    [setError, fieldsKey],
  );
  const clear = useCallback(() => setOutcome(null), []);
  return { outcome, handle, clear };
}
