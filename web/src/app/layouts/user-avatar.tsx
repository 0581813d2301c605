import { Avatar } from '@mantine/core';

// Initials of the first two words of a name, for avatars without a picture.
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

export function UserAvatar({ name, src, size = 36 }: { name: string; src?: string | null; size?: number | string }) {
  return (
    <Avatar src={src ?? undefined} alt={name} size={size} radius="xl" color="brand" variant="light">
      {initialsOf(name) || '?'}
    </Avatar>
  );
}
