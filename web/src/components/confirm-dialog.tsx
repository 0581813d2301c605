import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  message: React.ReactNode;
  confirmLabel?: string;
  confirmColor?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

// The confirmation dialog titled 'Alert!' with Cancel and a confirm button (default Delete).
export function ConfirmDialog({ opened, message, confirmLabel = 'Delete', confirmColor = 'red', loading, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Alert!" size="sm" closeOnClickOutside={!loading}>
      <Text c="dimmed">{message}</Text>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          Cancel
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
