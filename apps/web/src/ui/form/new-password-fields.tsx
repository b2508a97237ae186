import { PasswordInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import type { NewPasswordForm } from '../../lib/forms/new-password-form.ts';

/**
 * The new password typed twice (spec 5), for any react-hook-form whose values hold `password` and
 * `confirm` (the recovery and temporary-password forms, the profile's change-password form).
 */
export function NewPasswordFields<T extends NewPasswordForm>({ form }: { form: UseFormReturn<T> }) {
  // Only `password` and `confirm` are touched, and T has both.
  const f = form as unknown as UseFormReturn<NewPasswordForm>;
  const { errors } = f.formState;
  return (
    <>
      <PasswordInput
        label="New password"
        description="At least 10 characters"
        autoComplete="new-password"
        error={errors.password?.message}
        {...f.register('password')}
      />
      <PasswordInput
        label="Repeat the new password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...f.register('confirm')}
      />
    </>
  );
}
