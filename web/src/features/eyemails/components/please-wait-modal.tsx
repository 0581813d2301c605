import { Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { ProgressBar } from '@/components/progress-bar';

export const PLEASE_WAIT_TEXT = 'Please hold on while we finish processing your video, this will only take about a minute.';

// The blocking 'Please wait!' modal: the real encoding progress from the server, then the save.
export function PleaseWaitModal({ opened, progress, label }: { opened: boolean; progress: number; label: string }) {
  return (
    <Modal opened={opened} onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} title="Please wait!" size="md" trapFocus styles={{ title: { fontWeight: 700, fontSize: 18 } }}>
      <Stack gap="md" align="stretch">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={56} radius={28} variant="light">
            <IconHourglassHigh size={28} />
          </ThemeIcon>
          <Text>{PLEASE_WAIT_TEXT}</Text>
        </Stack>
        <ProgressBar value={progress} label={label} ariaLabel="Processing progress" />
      </Stack>
    </Modal>
  );
}
