import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

// The warning shown above a form when the server turned it down.
export function FormAlert({ title, message, color = 'yellow', children }: { title: string; message?: string | null; color?: string; children?: React.ReactNode }) {
  return (
    <Alert variant="light" color={color} title={title} icon={<IconAlertTriangle size={20} />} mb="lg" role="alert">
      {message}
      {children}
    </Alert>
  );
}
