import { ActionIcon, Anchor, Button, Menu, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDots, IconMailPlus, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { FileListItem as VideoListItem } from '@shared/api-types';
import { usedByLabel } from './used-by';

export interface VideoCardActionHandlers {
  onPlay: () => void;
  onRename?: () => void;
  onUse?: () => void;
  onDelete?: () => void;
}

// "Used by 2 EyeMails": opens the list of those EyeMails, each linking to its page.
export function UsedBy({ item, title }: { item: VideoListItem; title: string }) {
  const users = item.usedBy ?? [];
  if (!users.length) {
    return (
      <Text size="xs" c="dimmed">
        {usedByLabel(0)}
      </Text>
    );
  }
  return (
    <Popover position="bottom-start" shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        <UnstyledButton aria-label={`${usedByLabel(users.length)}: ${title}`} style={{ alignSelf: 'flex-start' }}>
          <Text size="xs" c="brand.7" fw={600} td="underline">
            {usedByLabel(users.length)}
          </Text>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown maw={280}>
        <Text size="xs" c="dimmed" mb={6}>
          EyeMails using this video
        </Text>
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {users.map((u) => (
            <li key={u.snippetId}>
              <Anchor component={Link} to={`/eyemails/${u.snippetId}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {u.title}
              </Anchor>
            </li>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

// "Use in a new EyeMail", the library card's main action.
export function UseInEyeMailButton({ title, onUse }: { title: string; onUse?: () => void }) {
  return (
    <Button fullWidth size="xs" variant="light" leftSection={<IconMailPlus size={14} />} onClick={onUse} aria-label={`Use in EyeMail: ${title}`}>
      Use in EyeMail
    </Button>
  );
}

// Play, Rename and Delete, in a menu beside the card's name.
export function VideoCardMenu({ title, onPlay, onRename, onDelete }: Omit<VideoCardActionHandlers, 'onUse'> & { title: string }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={28} aria-label={`More actions for ${title}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPlayerPlay size={14} />} onClick={onPlay}>
          Play
        </Menu.Item>
        {/* Rename and Delete only where the page offers them (a viewer of a company has neither). */}
        {onRename ? (
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={onRename}>
            Rename
          </Menu.Item>
        ) : null}
        {onDelete ? (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              Delete
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
