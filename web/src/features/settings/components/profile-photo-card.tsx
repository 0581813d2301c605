import { Card, Group, Text, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { userAtom } from '@/lib/session/user-atom';
import { ProfilePictureBlock } from '@/components/profile-picture/profile-picture-block';

// The profile-photo section of Settings: upload, preview, Save or Cancel (spec 02 section 4).
export function ProfilePhotoCard() {
  const user = useAtomValue(userAtom);
  return (
    <Card component="section" aria-labelledby="profile-photo-title">
      <Group gap="sm" mb={4}>
        <IconPhoto size={22} color="var(--mantine-color-brand-6)" />
        <Title order={2} fz={18} id="profile-photo-title">
          Profile photo
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="lg">
        Your photo appears in the menu and on your profile.
      </Text>
      <ProfilePictureBlock name={user?.fullName ?? ''} currentUrl={user?.profilePictureUrl ?? null} />
    </Card>
  );
}
