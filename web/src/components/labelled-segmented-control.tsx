import { SegmentedControl, Text, type SegmentedControlProps } from '@mantine/core';

// A segmented control with its name shown above it, as an input's label is (Mantine's control
// has none of its own); the name is also its accessible name unless `aria-label` says more.
export function LabelledSegmentedControl({ label, labelSize = 'sm', ...control }: SegmentedControlProps & { label: string; labelSize?: 'sm' | 'md' }) {
  return (
    <div>
      <Text size={labelSize} fw={500} mb={4}>
        {label}
      </Text>
      <SegmentedControl fullWidth aria-label={label} {...control} />
    </div>
  );
}
