import type { ReactNode } from 'react';
import { ActionIcon, Tooltip, type MantineColor } from '@mantine/core';

// A small icon button that says what it does in a tooltip (Edit, Remove, Try again): the tooltip
// is the short word, `label` the button's full name for screen readers ("Remove logo").
export function TooltipIconButton({ tooltip, label, onClick, color = 'gray', children }: { tooltip: string; label: string; onClick: () => void; color?: MantineColor; children: ReactNode }) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="subtle" color={color} onClick={onClick} aria-label={label}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
