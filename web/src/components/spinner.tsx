import { Center, Loader, Stack, Text } from '@mantine/core';

// A centred spinner for a page or a card that is still loading.
export function Spinner({ label = 'Loading…', minHeight = 240 }: { label?: string; minHeight?: number | string }) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export function FullPageSpinner() {
  return <Spinner minHeight="100vh" />;
}
