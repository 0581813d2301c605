import { useState } from 'react';
import { Anchor, Button, Divider, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconBuilding, IconLock, IconUser, IconWorld, IconUsersGroup } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSetAtom } from 'jotai';
import { MESSAGES, NAME_MAX, domainError, emailError, passwordError, requiredTextError } from '@shared/account-rules';
import { userAtom } from '@/lib/session/user-atom';
import { afterSignUpPath } from '@/lib/redirects';
import { toast } from '@/components/toasts';
import { accountsApi } from '@/features/auth/api/accounts-api';
import { AuthHeading } from './auth-heading';
import { FormAlert } from './form-alert';

// /companysignup/{id}: an account created together with its company; {id} is the invite code.
export function CompanySignUpPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const setUser = useSetAtom(userAtom);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const form = useForm({
    mode: 'controlled',
    initialValues: { fullName: '', email: '', password: '', companyName: '', domain: '', department: '' },
    validate: {
      fullName: (v) => requiredTextError(v, MESSAGES.name, NAME_MAX),
      email: (v) => emailError(v, MESSAGES.invalidEmailCompany),
      password: (v) => passwordError(v, MESSAGES.invalidPasswordCompany),
      companyName: (v) => requiredTextError(v, MESSAGES.companyName, NAME_MAX),
      domain: (v) => domainError(v),
      department: (v) => requiredTextError(v, MESSAGES.department, NAME_MAX),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setLoading(true);
    setFailure(null);
    const res = await accountsApi.companySignUp({
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      password: values.password,
      companyName: values.companyName.trim(),
      domain: values.domain.trim(),
      department: values.department.trim(),
      inviteCode: id,
    });
    if (res.result && res.body) {
      setUser(res.body);
      toast.success(res.message || 'Your company account is ready.', 'Success');
      navigate(afterSignUpPath(res.body.role, null), { replace: true });
      return;
    }
    setLoading(false);
    if (res.errors) form.setErrors(res.errors);
    setFailure(res.message || 'Fail');
  });

  return (
    <>
      <AuthHeading title="Create your company account" subtitle="Set up EyeMail for your team in a minute." />
      {failure ? <FormAlert title="Fail" message={failure} /> : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Full name" placeholder="e.g. Jane Cooper" autoComplete="name" leftSection={<IconUser size={18} />} required maxLength={NAME_MAX} {...form.getInputProps('fullName')} />
          <TextInput label="Work email" placeholder="e.g. you@company.com" type="email" autoComplete="email" leftSection={<IconAt size={18} />} required {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            description={MESSAGES.passwordHint}
            placeholder="Create a password"
            autoComplete="new-password"
            leftSection={<IconLock size={18} />}
            required
            {...form.getInputProps('password')}
          />
          <Divider label="Your company" labelPosition="left" mt="xs" />
          <TextInput label="Company name" placeholder="Acme Inc." autoComplete="organization" leftSection={<IconBuilding size={18} />} required maxLength={NAME_MAX} {...form.getInputProps('companyName')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="Domain" placeholder="acme.com" leftSection={<IconWorld size={18} />} required {...form.getInputProps('domain')} />
            <TextInput label="Department" placeholder="Marketing" leftSection={<IconUsersGroup size={18} />} required maxLength={NAME_MAX} {...form.getInputProps('department')} />
          </SimpleGrid>
          <Button type="submit" size="md" fullWidth loading={loading} mt="xs">
            Create company account
          </Button>
        </Stack>
      </form>
      <Text ta="center" mt="xl" size="sm" c="dimmed">
        Already have an account?{' '}
        <Anchor component={Link} to="/signin" fw={600}>
          Sign in
        </Anchor>
      </Text>
    </>
  );
}
