import { Group, Progress, Text } from '@mantine/core';
import { useMotionAllowed } from '@/hooks/use-motion-allowed';

// A progress bar with its whole-number percentage (spec 01 generic parts); its stripes move while
// it runs, unless the visitor asks for reduced motion.
export function ProgressBar({ value, label, ariaLabel, size = 'md' }: { value: number; label?: React.ReactNode; ariaLabel?: string; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const pct = Math.max(0, Math.min(100, Math.floor(value)));
  const name = ariaLabel ?? (typeof label === 'string' ? label : 'Progress');
  const motion = useMotionAllowed();
  return (
    <div>
      <Group justify="space-between" mb={6} wrap="nowrap" gap="xs">
        <Text size="sm" c="dimmed" truncate>
          {label ?? 'Progress'}
        </Text>
        <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {pct}%
        </Text>
      </Group>
      {/* The track is the progress bar for assistive technology and tests alike: at 0% its filled
          part has no width, and would read as hidden, while the (empty) track is what shows. */}
      <Progress.Root size={size} radius="xl" role="progressbar" aria-label={name} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-valuetext={`${pct}%`}>
        <Progress.Section value={pct} animated={motion && pct < 100} withAria={false} />
      </Progress.Root>
    </div>
  );
}
