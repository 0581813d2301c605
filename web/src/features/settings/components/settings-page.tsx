import { Grid } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { NotificationSettingsCard } from '@/features/notifications/components/notification-settings-card';
import { ChangePasswordCard } from './change-password-card';
import { ProfilePhotoCard } from './profile-photo-card';

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" subtitle="Update your account information" />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ChangePasswordCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ProfilePhotoCard />
        </Grid.Col>
        <Grid.Col span={12}>
          <NotificationSettingsCard />
        </Grid.Col>
      </Grid>
    </>
  );
}
