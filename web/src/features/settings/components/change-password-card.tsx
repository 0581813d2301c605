import { useState } from 'react';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock, IconShieldCheck } from '@tabler/icons-react';
import { MESSAGES } from '@shared/account-rules';
import { toast } from '@/components/toasts';
import { settingsApi } from '@/features/settings/api/settings-api';
import { passwordFormErrors, type PasswordFormValues } from '@/features/settings/utils/password-form';
import { SectionCard } from '@/components/section-card';

const UPDATED = 'Password updated successfully';
const EMPTY: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordCard() {
  const [saving, setSaving] = useState(false);
  const form = useForm<PasswordFormValues>({ mode: 'controlled', initialValues: EMPTY, validate: (v) => passwordFormErrors(v) });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    const res = await settingsApi.changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    setSaving(false);
    if (res.result) {
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
      toast.success(res.message || UPDATED, 'Password changed');
      return;
    }
    if (res.errors) form.setErrors(res.errors);
    toast.error(res.message || 'We could not update your password. Please try again.', 'Password not changed');
  });

  return (
    <SectionCard id="change-password" icon={IconShieldCheck} title="Change password" intro="Choose a strong password you don't use anywhere else.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput label="Current password" autoComplete="current-password" leftSection={<IconLock size={18} />} required {...form.getInputProps('currentPassword')} />
          <PasswordInput
            label="New password"
            description={MESSAGES.passwordHint}
            autoComplete="new-password"
            leftSection={<IconLock size={18} />}
            required
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput label="Confirm new password" autoComplete="new-password" leftSection={<IconLock size={18} />} required {...form.getInputProps('confirmPassword')} />
          <Group justify="flex-end" mt="xs">
            <Button type="submit" loading={saving}>
              Update password
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
