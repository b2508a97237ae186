import { type LoginBody, LoginBodySchema } from '@app/shared/users/user.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorDetail, isHttpError } from '../../../lib/http/http-error.ts';
import { returnPathOf } from '../../../lib/navigation/return-to.ts';
import { hasAccessToken, setAccessToken } from '../../../lib/session/access-token.ts';
import { setCurrentUser } from '../../../lib/session/current-user.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { WorkEmailInput } from '../components/work-email-input.tsx';

/**
 * /login. After sign-in the user goes to the page they asked for (`?next=`, an app path only), else
 * the empty path sends them on by role; a temporary password goes by /recover first (the guard).
 */
export function LoginPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const destination = returnPathOf(params) ?? '/';
  const loginCall = useLogin();
  const form = useForm<LoginBody>({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    document.title = 'Sign in | Back office';
  }, []);

  // the person came here to type: the email box takes the keyboard at once
  useEffect(() => {
    form.setFocus('email');
  }, [form]);

  if (hasAccessToken() && !loginCall.isSuccess) return <Navigate to={destination} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    const user = await loginCall.mutateAsync(values).catch(() => null);
    if (!user) return;
    const { auth_token, ...current } = user;
    setAccessToken(auth_token);
    setCurrentUser(client, current);
    await navigate(destination, { replace: true });
  });

  const failure = loginCall.error;
  const inlineError =
    isHttpError(failure) && (failure.status === 400 || failure.status === 429)
      ? (errorDetail(failure) ?? 'Sign-in failed. Check your email and password.')
      : null;

  return (
    <AuthCard title="Sign in" subtitle="Use your work email and password.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {inlineError ? (
            <Alert color="red" variant="light" role="alert" data-testid="login-error">
              {inlineError}
            </Alert>
          ) : null}
          <WorkEmailInput error={form.formState.errors.email?.message} {...form.register('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" loading={loginCall.isPending} fullWidth>
            Sign in
          </Button>
          <Anchor component={Link} to="/recover" size="sm" ta="center">
            Forgot your password?
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

export default LoginPage;
