import { Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../../lib/session';

function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

// PROFILE PHOTO SLOT: shows the current picture. Choosing, uploading (.jpg, .jpeg, .png), Save and
// Cancel arrive with the uploads feature and plug in here.
export function ProfilePhotoCard() {
  const user = useAtomValue(userAtom);
  const name = user?.fullName ?? '';
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
      <Stack align="center" gap="xs" py="sm">
        <Avatar src={user?.profilePictureUrl ?? undefined} alt={name} size={96} radius={48} color="brand" variant="light">
          <Text fz={30} fw={700}>
            {initials(name) || '?'}
          </Text>
        </Avatar>
        <Text size="xs" c="dimmed" ta="center" mt="xs">
          JPG or PNG, at least 300 × 300 px. Photo uploads are coming soon.
        </Text>
      </Stack>
    </Card>
  );
}
