import type { ReactNode } from 'react';
import { Grid } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { ChangePasswordCard } from './change-password-card';
import { ProfilePhotoCard } from './profile-photo-card';

// extra: cards of other features, composed in app/ (the notification choices).
export function SettingsPage({ extra }: { extra?: ReactNode } = {}) {
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
        {extra ? <Grid.Col span={12}>{extra}</Grid.Col> : null}
      </Grid>
    </>
  );
}
