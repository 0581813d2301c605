import { Group, Progress, Text } from '@mantine/core';

// A progress bar with its whole-number percentage (spec 01 generic parts).
export function ProgressBar({ value, label }: { value: number; label?: string }) {
  const pct = Math.max(0, Math.min(100, Math.floor(value)));
  return (
    <div>
      <Group justify="space-between" mb={6}>
        <Text size="sm" c="dimmed">
          {label ?? 'Progress'}
        </Text>
        <Text size="sm" fw={600}>
          {pct}%
        </Text>
      </Group>
      <Progress value={pct} size="md" radius="xl" animated={pct < 100} aria-label={label ?? 'Progress'} />
    </div>
  );
}
