import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconLock } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSetAtom } from 'jotai';
import { MESSAGES, emailError } from '@shared/account-rules';
import { userAtom } from '@/lib/session/user-atom';
import { afterSignInPath, withNext } from '@/lib/redirects';
import { accountsApi } from '@/features/auth/api/accounts-api';
import { useDisableBackButton } from '@/features/auth/utils/use-disable-back-button';
import { splitEmails } from '@/features/auth/utils/email-links';
import { AuthHeading } from './auth-heading';
import { FormAlert } from './form-alert';

// Why the user was sent here (an expired or used reset link), passed in the route's state.
export interface SignInNotice {
  title: string;
  message: string;
  forgotPasswordLink?: boolean;
}

function noticeOf(state: unknown): SignInNotice | null {
  const n = (state as { notice?: Partial<SignInNotice> } | null)?.notice;
  return n && typeof n.title === 'string' && typeof n.message === 'string' ? { title: n.title, message: n.message, forgotPasswordLink: n.forgotPasswordLink === true } : null;
}

export function SignInPage() {
  useDisableBackButton();
  const navigate = useNavigate();
  const notice = noticeOf(useLocation().state);
  const [params] = useSearchParams();
  const next = params.get('next');
  const setUser = useSetAtom(userAtom);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', rememberMe: false },
    validate: {
      email: (v) => emailError(v),
      password: (v) => (v ? null : MESSAGES.invalidPassword),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setLoading(true);
    setFailure(null);
    const res = await accountsApi.signIn({ email: values.email.trim(), password: values.password, rememberMe: values.rememberMe });
    if (res.result && res.body) {
      setUser(res.body);
      navigate(afterSignInPath(res.body.role, next), { replace: true });
      return;
    }
    setLoading(false);
    if (res.errors) form.setErrors(res.errors);
    setFailure(res.message || 'Login Failed');
  });

  return (
    <>
      <AuthHeading title="Welcome back" subtitle="Sign in to your EyeMail account to keep creating." />
      {failure ? (
        <FormAlert title="Login Failed!">
          {/* An address in the message (a deactivated account's support address) is a mailto link. */}
          {splitEmails(failure).map((part, i) =>
            'email' in part ? (
              <Anchor key={i} href={`mailto:${part.email}`} inherit fw={600}>
                {part.email}
              </Anchor>
            ) : (
              part.text
            ),
          )}
        </FormAlert>
      ) : null}
      {notice && !failure ? (
        <FormAlert title={notice.title}>
          {notice.message}
          {notice.forgotPasswordLink ? (
            <>
              {' '}
              <Anchor component={Link} to="/forgotpassword" inherit fw={600}>
                Ask for a new link
              </Anchor>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            placeholder="you@company.com"
            type="email"
            autoComplete="email"
            leftSection={<IconAt size={18} />}
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            leftSection={<IconLock size={18} />}
            required
            {...form.getInputProps('password')}
          />
          <Group justify="space-between">
            <Checkbox label="Remember me" {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
            <Anchor component={Link} to="/forgotpassword" size="sm" fw={500}>
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={loading} mt="xs">
            Sign in
          </Button>
        </Stack>
      </form>
      <Text ta="center" mt="xl" size="sm" c="dimmed">
        Don't have an account?{' '}
        <Anchor component={Link} to={withNext('/signup', next)} fw={600}>
          Sign up
        </Anchor>
      </Text>
      <Text ta="center" mt="md" size="xs" c="dimmed">
        By signing in you agree to our{' '}
        <Anchor component={Link} to="/terms-of-service" inherit>
          Terms of Service
        </Anchor>{' '}
        and{' '}
        <Anchor component={Link} to="/privacy-policy" inherit>
          Privacy Policy
        </Anchor>
        .
      </Text>
    </>
  );
}
