import { TextInput, type TextInputProps } from '@mantine/core';

/** The email box of the sign-in and reset-link forms; spread `form.register('email')` into it. */
export function WorkEmailInput(props: TextInputProps) {
  return (
    <TextInput label="Email" type="email" autoComplete="username" placeholder="name@company.com" {...props} />
  );
}
