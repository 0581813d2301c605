import { useEffect, useState } from 'react';
import { Box, Center, Loader, Stack, Text } from '@mantine/core';

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

// Most first loads finish well within this; drawing a spinner for less would only flash.
export const SPINNER_DELAY_MS = 300;

// True once `ms` have passed since the component mounted.
export function useDelayPassed(ms: number): boolean {
  const [passed, setPassed] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return;
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return passed;
}

// The whole-page wait (first page load: the session check and the page's code): an empty page
// for a moment, then the spinner if it is still waiting.
export function PageLoading() {
  const show = useDelayPassed(SPINNER_DELAY_MS);
  return show ? <FullPageSpinner /> : <Box mih="100vh" aria-busy="true" />;
}
