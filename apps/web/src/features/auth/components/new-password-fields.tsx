import { PasswordInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import type { NewPasswordForm } from '../../../lib/forms/new-password-form.ts';

export function NewPasswordFields({ form }: { form: UseFormReturn<NewPasswordForm> }) {
  const { errors } = form.formState;
  return (
    <>
      <PasswordInput
        label="New password"
        description="At least 10 characters"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordInput
        label="Repeat the new password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...form.register('confirm')}
      />
    </>
  );
}
