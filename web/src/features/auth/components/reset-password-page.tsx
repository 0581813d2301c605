import { useEffect } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, confirmPasswordError, passwordError } from '@shared/account-rules';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toasts';
import { accountsApi } from '@/features/auth/api/accounts-api';
import { useResetTokenCheck } from '@/features/auth/api/validate-reset-token';
import { useAccountSubmit } from '@/features/auth/utils/use-account-submit';
import { AuthHeading } from './auth-heading';
import { PasswordField } from './account-form-parts';
import type { SignInNotice } from './signin-page';
import { FormAlert } from './form-alert';

const INVALID_LINK = 'This password reset link is invalid or has expired.';
const RESET_DONE = 'Your password has been reset successfully';
const RESET_FAILED = 'Failed to reset your password, please try again';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const check = useResetTokenCheck(token);
  const checking = !check.data?.result;

  // The token is checked first; an invalid one goes straight to /signin, which says why (used,
  // expired or unknown) until the user moves on.
  const rejected = !token || (check.data && !check.data.result);
  const reason = check.data?.message;
  useEffect(() => {
    if (!rejected) return;
    const notice: SignInNotice = { title: 'This reset link no longer works', message: reason || INVALID_LINK, forgotPasswordLink: true };
    navigate('/signin', { replace: true, state: { notice } });
  }, [rejected, reason, navigate]);

  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (v) => passwordError(v),
      confirmPassword: (v, values) => confirmPasswordError(values.password, v),
    },
  });

  const { loading, failure, submit } = useAccountSubmit(
    form,
    (values: typeof form.values) => accountsApi.resetPassword({ token, password: values.password, confirmPassword: values.confirmPassword }),
    {
      done: (res) => {
        toast.success(res.message || RESET_DONE, 'Password reset');
        navigate('/signin', { replace: true });
        return true;
      },
      // Field problems show under their fields; anything else (an expired link) above the form.
      failure: (res) => (res.errors ? null : res.message || ''),
    },
  );

  if (checking) return <Spinner label="Checking your reset link…" />;

  return (
    <>
      <AuthHeading title="Choose a new password" subtitle="Pick something strong that you don't use anywhere else." />
      {failure !== null ? <FormAlert title={RESET_FAILED} message={failure} color="red" /> : null}
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <PasswordField label="New password" description={MESSAGES.passwordHint} placeholder="New password" autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordField label="Confirm password" placeholder="Repeat the new password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          <Button type="submit" size="md" fullWidth loading={loading}>
            Reset password
          </Button>
        </Stack>
      </form>
      <Text ta="center" mt="xl" size="sm">
        <Anchor component={Link} to="/signin" fw={500}>
          Back to sign in
        </Anchor>
      </Text>
    </>
  );
}
