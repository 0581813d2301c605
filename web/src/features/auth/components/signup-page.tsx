import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconLock, IconUser } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSetAtom } from 'jotai';
import { MESSAGES, NAME_MAX, TIERS, TIER_LABELS, confirmPasswordError, emailError, passwordError, requiredTextError, tierError } from '@shared/account-rules';
import { userAtom } from '@/lib/session/user-atom';
import type { Tier } from '@/lib/session/user';
import { afterSignUpPath, withNext } from '@/lib/redirects';
import { accountsApi } from '@/features/auth/api/accounts-api';
import { AuthHeading } from './auth-heading';
import { FormAlert } from './form-alert';
import classes from './signup-page.module.css';

const TIER_DESCRIPTIONS: Record<Tier, string> = {
  premium: 'Logo, video, graphics and call-to-action buttons.',
  express: 'Video only, with the video icon and link, exported as HTML.',
};

export function SignUpPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const setUser = useSetAtom(userAtom);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const form = useForm({
    mode: 'controlled',
    initialValues: { fullName: '', email: '', password: '', confirmPassword: '', tier: 'premium' as Tier | '' },
    validate: {
      fullName: (v) => requiredTextError(v, MESSAGES.name, NAME_MAX),
      email: (v) => emailError(v),
      password: (v) => passwordError(v),
      confirmPassword: (v, values) => confirmPasswordError(values.password, v),
      tier: (v) => tierError(v),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setLoading(true);
    setFailure(null);
    const res = await accountsApi.signUp({
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      password: values.password,
      confirmPassword: values.confirmPassword,
      tier: values.tier as Tier,
    });
    if (res.result && res.body) {
      setUser(res.body);
      navigate(afterSignUpPath(res.body.role, next), { replace: true });
      return;
    }
    setLoading(false);
    if (res.errors) form.setErrors(res.errors);
    setFailure(res.message || 'Signup Failed');
  });

  return (
    <>
      <AuthHeading title="Create your account" subtitle="Start sending video that plays right in the inbox." />
      {failure ? <FormAlert title="Signup Failed!" message={failure} /> : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Full name" placeholder="e.g. Jane Cooper" autoComplete="name" leftSection={<IconUser size={18} />} required maxLength={NAME_MAX} {...form.getInputProps('fullName')} />
          <TextInput label="Email" placeholder="e.g. you@company.com" type="email" autoComplete="email" leftSection={<IconAt size={18} />} required {...form.getInputProps('email')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <PasswordInput label="Password" placeholder="6-20 characters" autoComplete="new-password" leftSection={<IconLock size={18} />} required {...form.getInputProps('password')} />
            <PasswordInput label="Confirm password" placeholder="Repeat password" autoComplete="new-password" leftSection={<IconLock size={18} />} required {...form.getInputProps('confirmPassword')} />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-6}>
            {MESSAGES.passwordHint}
          </Text>
          <Radio.Group label="Account type" required {...form.getInputProps('tier')}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt={8}>
              {TIERS.map((tier) => (
                <Radio.Card key={tier} value={tier} className={classes.tierCard} radius="md">
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator />
                    <div>
                      <Text fw={600} size="sm">
                        {TIER_LABELS[tier]}
                      </Text>
                      <Text size="xs" c="dimmed" mt={2}>
                        {TIER_DESCRIPTIONS[tier]}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
          <Button type="submit" size="md" fullWidth loading={loading} mt="xs">
            Create account
          </Button>
        </Stack>
      </form>
      <Text ta="center" mt="xl" size="sm" c="dimmed">
        Already have an account?{' '}
        <Anchor component={Link} to={withNext('/signin', next)} fw={600}>
          Sign in
        </Anchor>
      </Text>
      <Text ta="center" mt="md" size="xs" c="dimmed">
        By creating an account you agree to our{' '}
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
