import { Divider, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconBuilding, IconUser, IconWorld, IconUsersGroup } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { MESSAGES, NAME_MAX, domainError, emailError, passwordError, requiredTextError } from '@shared/account-rules';
import { afterSignUpPath } from '@/lib/redirects';
import { toast } from '@/components/toasts';
import { accountsApi } from '@/features/auth/api/accounts-api';
import { useAccountSubmit, useEnterAccount } from '@/features/auth/utils/use-account-submit';
import { AuthHeading } from './auth-heading';
import { FormAlert } from './form-alert';
import { OtherFormLink, PasswordField, SubmitButton } from './account-form-parts';

// /companysignup/{id}: an account created together with its company; {id} is the invite code.
export function CompanySignUpPage() {
  const { id } = useParams();
  const enter = useEnterAccount();

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

  const { loading, failure, submit } = useAccountSubmit(
    form,
    (values: typeof form.values) =>
      accountsApi.companySignUp({
        fullName: values.fullName.trim(),
        email: values.email.trim(),
        password: values.password,
        companyName: values.companyName.trim(),
        domain: values.domain.trim(),
        department: values.department.trim(),
        inviteCode: id,
      }),
    {
      done: (res) => {
        if (res.body) toast.success(res.message || 'Your company account is ready.', 'Success');
        return enter(res, (user) => afterSignUpPath(user.role, null));
      },
      failure: (res) => res.message || 'Fail',
    },
  );

  return (
    <>
      <AuthHeading title="Create your company account" subtitle="Set up EyeMail for your team in a minute." />
      {failure ? <FormAlert title="Fail" message={failure} /> : null}
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput label="Full name" placeholder="e.g. Jane Cooper" autoComplete="name" leftSection={<IconUser size={18} />} required maxLength={NAME_MAX} {...form.getInputProps('fullName')} />
          <TextInput label="Work email" placeholder="e.g. you@company.com" type="email" autoComplete="email" leftSection={<IconAt size={18} />} required {...form.getInputProps('email')} />
          <PasswordField label="Password" description={MESSAGES.passwordHint} placeholder="Create a password" autoComplete="new-password" {...form.getInputProps('password')} />
          <Divider label="Your company" labelPosition="left" mt="xs" />
          <TextInput label="Company name" placeholder="Acme Inc." autoComplete="organization" leftSection={<IconBuilding size={18} />} required maxLength={NAME_MAX} {...form.getInputProps('companyName')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="Domain" placeholder="acme.com" leftSection={<IconWorld size={18} />} required {...form.getInputProps('domain')} />
            <TextInput label="Department" placeholder="Marketing" leftSection={<IconUsersGroup size={18} />} required maxLength={NAME_MAX} {...form.getInputProps('department')} />
          </SimpleGrid>
          <SubmitButton loading={loading}>Create company account</SubmitButton>
        </Stack>
      </form>
      <OtherFormLink question="Already have an account?" label="Sign in" to="/signin" />
    </>
  );
}
