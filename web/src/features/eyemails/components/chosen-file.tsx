import type { ReactNode } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { TooltipIconButton } from '@/components/tooltip-icon-button';

// A file the EyeMail form holds (its video, logo, cover...): a preview, its name, and a control
// that removes it from the form.
export function ChosenFile({ preview, name, removeTooltip, removeLabel, onRemove }: { preview: ReactNode; name: string; removeTooltip: string; removeLabel: string; onRemove: () => void }) {
  return (
    <Paper withBorder p="xs" radius="md">
      <Group gap="sm" wrap="nowrap">
        {preview}
        <Text size="sm" fw={500} truncate style={{ flex: 1, minWidth: 0 }} title={name}>
          {name}
        </Text>
        <TooltipIconButton tooltip={removeTooltip} label={removeLabel} onClick={onRemove}>
          <IconTrash size={18} />
        </TooltipIconButton>
      </Group>
    </Paper>
  );
}
