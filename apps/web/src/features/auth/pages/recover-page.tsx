import { EmailField } from '@app/shared/users/user.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { type NewPasswordForm, NewPasswordFormSchema } from '../../../lib/forms/new-password-form.ts';
import { setFormError, showServerFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { errorDetail, hasFieldErrors, isHttpError } from '../../../lib/http/http-error.ts';
import { returnPathOf } from '../../../lib/navigation/return-to.ts';
import { hasAccessToken } from '../../../lib/session/access-token.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { ensureSession } from '../../../lib/session/ensure-session.ts';
import { logout } from '../../../lib/session/logout.ts';
import { NewPasswordFields } from '../../../ui/form/new-password-fields.tsx';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { useReplaceTemporaryPassword } from '../api/replace-temporary-password.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { WorkEmailInput } from '../components/work-email-input.tsx';

/**
 * /recover: a link's `?token=` sets a new password; a signed-in user with a temporary password
 * must replace it before the shell shows (spec 2.1); anyone else asks for a reset link.
 */
export function RecoverPage() {
  const [params] = useSearchParams();
  const resetToken = params.get('token');

  useEffect(() => {
    document.title = 'Password recovery | Back office';
  }, []);

  if (resetToken) return <ResetWithToken token={resetToken} />;
  if (hasAccessToken()) return <ReplaceTemporaryPassword destination={returnPathOf(params) ?? '/'} />;
  return <RequestResetLink />;
}

export default RecoverPage;

const newPasswordDefaults: NewPasswordForm = { password: '', confirm: '' };

/** The password calls' field names, and the field of the new-password form that shows them. */
const NEW_PASSWORD_SERVER_FIELDS = { new_password: 'password', password: 'password' } as const;

/** `destination`: where the person was going when the guard stopped them (a deep link), else home. */
function ReplaceTemporaryPassword({ destination }: { destination: string }) {
  const client = useQueryClient();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const replace = useReplaceTemporaryPassword();
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: newPasswordDefaults,
  });

  useEffect(() => {
    if (!user) void ensureSession(client);
  }, [user, client]);

  // the fields appear once the session is known; the first one takes the keyboard then
  const signedIn = user !== undefined;
  useEffect(() => {
    if (signedIn) form.setFocus('password');
  }, [signedIn, form]);

  if (!user) return <AuthCard title="Set a new password" subtitle="Checking your session..." />;
  if (!user.temporary_password && !replace.isSuccess) return <Navigate to={destination} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    const updated = await replace.mutateAsync(values.password).catch((error: unknown) => {
      // 'Choose a password different from the current one.' under the new password, not a toast
      showServerFieldErrors(error, NEW_PASSWORD_SERVER_FIELDS, setFormError(form.setError));
      return null;
    });
    if (!updated) return;
    toast.success('Your new password is set.');
    await navigate(destination, { replace: true });
  });

  return (
    <AuthCard
      title="Set a new password"
      subtitle={`Hello ${user.name}. Your password is temporary: choose your own before you continue.`}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <NewPasswordFields form={form} />
          <Button type="submit" loading={replace.isPending} fullWidth>
            Save and continue
          </Button>
          <Button variant="subtle" color="gray" onClick={() => void logout()}>
            Sign out
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

function ResetWithToken({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: newPasswordDefaults,
  });

  useEffect(() => {
    form.setFocus('password');
  }, [form]);

  if (confirm.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <Alert color="green" variant="light" role="status">
          Your password has been changed. Sign in with the new password.
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          Go to sign in
        </Button>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit((values) => {
    confirm.mutate(
      { token, password: values.password },
      {
        onError: (error) =>
          showServerFieldErrors(error, NEW_PASSWORD_SERVER_FIELDS, setFormError(form.setError)),
      },
    );
  });
  // a refused password shows under its field; the banner is for the link itself (expired, used)
  const failure =
    confirm.error && !hasFieldErrors(confirm.error)
      ? (errorDetail(confirm.error) ?? 'The password could not be changed.')
      : null;

  return (
    <AuthCard title="Choose a new password" subtitle="The link from your email lets you set a new password.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <NewPasswordFields form={form} />
          <Button type="submit" loading={confirm.isPending} fullWidth>
            Set new password
          </Button>
          <Anchor component={Link} to="/recover" size="sm" ta="center">
            Ask for a new link
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

const ResetRequestFormSchema = z.object({ email: EmailField });
type ResetRequestForm = z.input<typeof ResetRequestFormSchema>;

function RequestResetLink() {
  const request = useRequestPasswordReset();
  const form = useForm<ResetRequestForm, unknown, z.output<typeof ResetRequestFormSchema>>({
    resolver: zodResolver(ResetRequestFormSchema),
    defaultValues: { email: '' },
  });

  useEffect(() => {
    form.setFocus('email');
  }, [form]);

  if (request.isSuccess) {
    return (
      <AuthCard title="Check your email">
        <Text>
          If an account exists for <strong>{request.variables}</strong>, we have sent it a link to set a new
          password. The link works once and for a limited time.
        </Text>
        <Anchor component={Link} to="/login" size="sm">
          Back to sign in
        </Anchor>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit((values) => request.mutate(values.email));
  const refused =
    isHttpError(request.error) && request.error.status === 429 ? errorDetail(request.error) : null;

  return (
    <AuthCard title="Reset your password" subtitle="Enter your work email and we will send you a link.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {refused ? (
            <Alert color="red" variant="light" role="alert">
              {refused}
            </Alert>
          ) : null}
          <WorkEmailInput error={form.formState.errors.email?.message} {...form.register('email')} />
          <Button type="submit" loading={request.isPending} fullWidth>
            Send reset link
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
