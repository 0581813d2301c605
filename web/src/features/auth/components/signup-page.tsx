import { Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconUser } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { MESSAGES, NAME_MAX, TIERS, TIER_LABELS, confirmPasswordError, emailError, passwordError, requiredTextError, tierError } from '@shared/account-rules';
import type { Tier } from '@/lib/session/user';
import { afterSignUpPath, withNext } from '@/lib/redirects';
import { accountsApi } from '@/features/auth/api/accounts-api';
import { useAccountSubmit, useEnterAccount } from '@/features/auth/utils/use-account-submit';
import { AuthHeading } from './auth-heading';
import { FormAlert } from './form-alert';
import { OtherFormLink, PasswordField, SubmitButton, TermsNote } from './account-form-parts';
import classes from './signup-page.module.css';

const TIER_DESCRIPTIONS: Record<Tier, string> = {
  premium: 'Logo, video, graphics and call-to-action buttons.',
  express: 'Video only, with the video icon and link, exported as HTML.',
};

export function SignUpPage() {
  const [params] = useSearchParams();
  const next = params.get('next');
  const enter = useEnterAccount();

  const form = useForm({
    mode: 'controlled',
    // ?email= (an invitation's page) fills the address in.
    initialValues: { fullName: '', email: params.get('email') ?? '', password: '', confirmPassword: '', tier: 'premium' as Tier | '' },
    validate: {
      fullName: (v) => requiredTextError(v, MESSAGES.name, NAME_MAX),
      email: (v) => emailError(v),
      password: (v) => passwordError(v),
      confirmPassword: (v, values) => confirmPasswordError(values.password, v),
      tier: (v) => tierError(v),
    },
  });

  const { loading, failure, submit } = useAccountSubmit(
    form,
    (values: typeof form.values) =>
      accountsApi.signUp({
        fullName: values.fullName.trim(),
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        tier: values.tier as Tier,
      }),
    { done: (res) => enter(res, (user) => afterSignUpPath(user.role, next)), failure: (res) => res.message || 'Signup Failed' },
  );

  return (
    <>
      <AuthHeading title="Create your account" subtitle="Start sending video that plays right in the inbox." />
      {failure ? <FormAlert title="Signup Failed!" message={failure} /> : null}
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput label="Full name" placeholder="e.g. Jane Cooper" autoComplete="name" leftSection={<IconUser size={18} />} required maxLength={NAME_MAX} {...form.getInputProps('fullName')} />
          <TextInput label="Email" placeholder="e.g. you@company.com" type="email" autoComplete="email" leftSection={<IconAt size={18} />} required {...form.getInputProps('email')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <PasswordField label="Password" placeholder="6-20 characters" autoComplete="new-password" {...form.getInputProps('password')} />
            <PasswordField label="Confirm password" placeholder="Repeat password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
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
          <SubmitButton loading={loading}>Create account</SubmitButton>
        </Stack>
      </form>
      <OtherFormLink question="Already have an account?" label="Sign in" to={withNext('/signin', next)} />
      <TermsNote doing="creating an account" />
    </>
  );
}
