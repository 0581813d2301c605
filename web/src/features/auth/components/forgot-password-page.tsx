import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconAt, IconMailCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { emailError } from '@shared/account-rules';
import { accountsApi } from '@/features/auth/api/accounts-api';
import { AuthHeading } from './auth-heading';

const FAILURE_MS = 3000;
const FAILED = 'Could not send the link. Please try again.';
// The server answers every address alike (whether an account uses it stays private).
const LINK_SENT = 'If an account uses this email address, a link to reset your password has been sent to it.';

export function ForgotPasswordPage() {
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const form = useForm({ mode: 'controlled', initialValues: { email: '' }, validate: { email: (v) => emailError(v) } });

  const submit = form.onSubmit(async ({ email }) => {
    setLoading(true);
    setFailure(null);
    const res = await accountsApi.forgotPassword(email.trim());
    setLoading(false);
    if (res.result) {
      setSent(res.message || LINK_SENT);
      return;
    }
    if (res.errors?.email) form.setFieldError('email', res.errors.email);
    // The failure message stays for 3 s (spec 02 section 9).
    setFailure(res.message || FAILED);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setFailure(null), FAILURE_MS);
  });

  if (sent) {
    return (
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius={32} variant="light" color="teal">
          <IconMailCheck size={32} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          Check your inbox
        </Title>
        <Text c="dimmed" role="status">
          {sent}
        </Text>
        <Text size="sm" c="dimmed">
          The link works for one hour. Didn't get it? Check your spam folder or try again in a few minutes.
        </Text>
        <Button component={Link} to="/signin" variant="light" leftSection={<IconArrowLeft size={18} />} mt="sm">
          Back to sign in
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <AuthHeading title="Forgot your password?" subtitle="Enter the email address you signed up with and we'll send you a link to reset your password." />
      {failure ? (
        <Alert variant="light" color="red" icon={<IconX size={20} />} mb="lg" role="alert">
          {failure}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" placeholder="you@company.com" type="email" autoComplete="email" leftSection={<IconAt size={18} />} required {...form.getInputProps('email')} />
          <Button type="submit" size="md" fullWidth loading={loading}>
            Submit
          </Button>
        </Stack>
      </form>
      <Stack gap={6} mt="xl" align="center">
        <Anchor component={Link} to="/signin" size="sm" fw={500}>
          Back to sign in
        </Anchor>
        <Text size="sm" c="dimmed">
          Don't have an account?{' '}
          <Anchor component={Link} to="/signup" fw={600}>
            Sign up
          </Anchor>
        </Text>
      </Stack>
    </>
  );
}
