import { Group, Text } from '@mantine/core';

// The logo mark: an eye with a play button, as in the favicon.
export function LogoMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  const bg = inverted ? '#ffffff' : '#5b3df5';
  const fg = inverted ? '#5b3df5' : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill={bg} />
      <path d="M10 32c6-10 14-15 22-15s16 5 22 15c-6 10-14 15-22 15S16 42 10 32z" fill={fg} />
      <circle cx="32" cy="32" r="8" fill={bg} />
      <path d="M30 28l7 4-7 4z" fill={fg} />
    </svg>
  );
}

export function Logo({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} inverted={inverted} />
      <Text
        component="span"
        fw={800}
        fz={Math.round(size * 0.66)}
        lh={1}
        c={inverted ? 'white' : 'dark.8'}
        style={{ letterSpacing: '-0.02em' }}
      >
        Eye<Text span inherit c={inverted ? 'white' : 'brand.6'}>Mail</Text>
      </Text>
    </Group>
  );
}
