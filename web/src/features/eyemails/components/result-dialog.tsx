import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

// What the detail page hands the list after a delete, in the route's state.
export interface DeletedState {
  deleted: { title: string; message: string };
}

export function deletedOf(state: unknown): DeletedState['deleted'] | null {
  const d = (state as Partial<DeletedState> | null)?.deleted;
  return d && typeof d.title === 'string' && typeof d.message === 'string' ? { title: d.title, message: d.message } : null;
}

// The dialog that follows an action: 'Activated!', 'Deactivated!', 'Deleted!' or 'Failed!'.
export function ResultDialog({ opened, success, title, message, onClose }: { opened: boolean; success: boolean; title: string; message: string; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="sm">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius={28} variant="light" color={success ? 'teal' : 'red'}>
          {success ? <IconCheck size={30} /> : <IconX size={30} />}
        </ThemeIcon>
        <Text>{message}</Text>
      </Stack>
      <Group justify="center" mt="lg">
        <Button onClick={onClose} color={success ? 'brand' : 'red'} miw={120}>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
