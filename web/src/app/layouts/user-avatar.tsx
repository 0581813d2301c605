import { Avatar } from '@mantine/core';
import classes from './user-avatar.module.css';

// Initials of the first two words of a name, for avatars without a picture.
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

// `decorative`: the name is written beside it, so assistive technology skips the avatar.
export function UserAvatar({ name, src, size = 36, decorative = false }: { name: string; src?: string | null; size?: number | string; decorative?: boolean }) {
  return (
    <Avatar src={src ?? undefined} alt={decorative ? '' : name} aria-hidden={decorative || undefined} size={size} radius="xl" color="brand" variant="light">
      {/* Decorative initials are drawn by CSS, so they are not text read into the name beside them. */}
      {decorative ? <span className={classes.initials} data-initials={initialsOf(name) || '?'} /> : initialsOf(name) || '?'}
    </Avatar>
  );
}
