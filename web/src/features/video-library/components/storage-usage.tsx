import { Group, Progress, Text } from '@mantine/core';
import { useStorageUsage } from '@/lib/api/get-storage-usage';
import { formatBytes } from '@/lib/media-format';

// "Storage: 1.2 GB of 5 GB used" under the My Videos header; nothing while it loads or if it
// cannot be read (the library itself says when the server is unreachable).
export function StorageUsageNote() {
  const usage = useStorageUsage();
  if (!usage.data) return null;
  const { usedBytes, quotaBytes } = usage.data;
  const percent = quotaBytes > 0 ? Math.min(100, (usedBytes / quotaBytes) * 100) : 0;
  return (
    <Group gap="sm" mb="md" wrap="nowrap" data-testid="storage-usage">
      <Text size="sm" c="dimmed">
        Storage: {formatBytes(usedBytes)} of {formatBytes(quotaBytes)} used
      </Text>
      <Progress value={percent} color={percent >= 90 ? 'red' : 'blue'} size="sm" w={120} aria-label="Storage used" />
    </Group>
  );
}
