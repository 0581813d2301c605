import { Anchor, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { MESSAGES, emailError } from '@shared/account-rules';
import { afterSignInPath, withNext } from '@/lib/redirects';
import { accountsApi } from '@/features/auth/api/accounts-api';
import { useDisableBackButton } from '@/features/auth/utils/use-disable-back-button';
import { useAccountSubmit, useEnterAccount } from '@/features/auth/utils/use-account-submit';
import { splitEmails } from '@/features/auth/utils/email-links';
import { AuthHeading } from './auth-heading';
import { FormAlert } from './form-alert';
import { OtherFormLink, PasswordField, SubmitButton, TermsNote } from './account-form-parts';

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
  const notice = noticeOf(useLocation().state);
  const [params] = useSearchParams();
  const next = params.get('next');
  const enter = useEnterAccount();

  const form = useForm({
    mode: 'controlled',
    // ?email= (an invitation's page) fills the address in.
    initialValues: { email: params.get('email') ?? '', password: '', rememberMe: false },
    validate: {
      email: (v) => emailError(v),
      password: (v) => (v ? null : MESSAGES.invalidPassword),
    },
  });

  const { loading, failure, submit } = useAccountSubmit(
    form,
    (values: typeof form.values) => accountsApi.signIn({ email: values.email.trim(), password: values.password, rememberMe: values.rememberMe }),
    { done: (res) => enter(res, (user) => afterSignInPath(user.role, next)), failure: (res) => res.message || 'Login Failed' },
  );

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
      <form onSubmit={form.onSubmit(submit)} noValidate>
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
          <PasswordField label="Password" placeholder="Your password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Group justify="space-between">
            <Checkbox label="Remember me" {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
            <Anchor component={Link} to="/forgotpassword" size="sm" fw={500}>
              Forgot password?
            </Anchor>
          </Group>
          <SubmitButton loading={loading}>Sign in</SubmitButton>
        </Stack>
      </form>
      <OtherFormLink question="Don't have an account?" label="Sign up" to={withNext('/signup', next)} />
      <TermsNote doing="signing in" />
    </>
  );
}
