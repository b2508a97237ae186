import { PasswordField } from '@app/shared/users/user.schemas';
import { z } from 'zod';

/** New password typed twice (spec 5: 'Passwords must be same'); length rules from the shared contract. */
export const NewPasswordFormSchema = z
  .object({ password: PasswordField, confirm: z.string().min(1, 'Required field') })
  .refine((value) => value.password === value.confirm, {
    message: 'Passwords must be same',
    path: ['confirm'],
  });
export type NewPasswordForm = z.infer<typeof NewPasswordFormSchema>;
