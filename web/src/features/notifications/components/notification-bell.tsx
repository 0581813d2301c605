import { ActionIcon, Anchor, Box, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { BELL_KEY, notificationsApi, useBell } from '../api/notifications-api';
import { bellLabel, bellLine } from '../utils/notification-text';

// The header's bell: the latest events of named recipients (live from the server's stream, else
// polled every 10 s), the unread count
// on it; opening it marks them read.
export function NotificationBell() {
  const bell = useBell();
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  const unread = bell.data?.unread ?? 0;
  const items = bell.data?.items ?? [];

  const toggle = () => {
    const next = !opened;
    setOpened(next);
    if (next && unread > 0) void notificationsApi.markRead().then(() => client.invalidateQueries({ queryKey: BELL_KEY }));
  };

  return (
    // The popover's target is the button itself (it gets aria-expanded and aria-controls, which a
    // plain element such as the indicator's wrapper may not carry); the indicator wraps the popover.
    <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} color="red.8" offset={4}>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="lg" withinPortal trapFocus returnFocus>
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" onClick={toggle} aria-label={bellLabel(unread)} aria-expanded={opened} aria-haspopup="dialog">
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown role="dialog" aria-label="Latest notifications" p={0}>
          <Group justify="space-between" px="md" py="sm">
            <Text fw={700} size="sm">
              Latest notifications
            </Text>
            <Anchor component={Link} to="/settings#notifications" size="xs" onClick={() => setOpened(false)}>
              Settings
            </Anchor>
          </Group>
          {items.length === 0 ? (
            <Text size="sm" c="dimmed" px="md" pb="md">
              Nothing yet. When a named recipient opens, plays or clicks one of your EyeMails, it shows here.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={360}>
              <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {items.map((i) => (
                  <Box component="li" key={i.id} px="md" py={8} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
                    <Anchor component={Link} to={`/reports/${i.snippetId}`} c="inherit" underline="never" onClick={() => setOpened(false)}>
                      <Text size="sm" fw={i.read ? 400 : 700} style={{ wordBreak: 'break-word' }}>
                        {bellLine(i)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(i.occurredAt)}
                      </Text>
                    </Anchor>
                  </Box>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          <Box px="md" py="xs">
            <Button variant="subtle" size="xs" fullWidth onClick={() => setOpened(false)}>
              Close
            </Button>
          </Box>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
