import { useEffect, useState } from 'react';
import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { formatBytes } from '@/lib/media-format';
import { discardUnfinishedUpload, findUnfinishedUploads, type UnfinishedUpload } from '@/lib/resumable-upload';

// After a reload or a left page: the newest video upload this browser did not finish, with how
// far it got. The browser cannot read a file again by itself, so the user picks the same file
// (same name, size and type) and the upload goes on from where it stopped.
export function ResumeOffer({ onChoose, hidden }: { onChoose: () => void; hidden: boolean }) {
  const [offer, setOffer] = useState<UnfinishedUpload | null>(null);
  useEffect(() => {
    let live = true;
    void findUnfinishedUploads().then((found) => {
      if (live) setOffer(found[0] ?? null);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!offer || hidden) return null;
  const discard = () => {
    setOffer(null);
    void discardUnfinishedUpload(offer.key);
  };
  return (
    <Paper p="sm" radius="md" withBorder role="region" aria-label="Unfinished upload">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" color="yellow" size={40} radius="md">
          <IconPlayerPause size={22} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} lineClamp={2} title={offer.fileName} style={{ overflowWrap: 'anywhere' }}>
              Resume {offer.fileName} ({offer.percent}{'\u00a0'}%)
            </Text>
            <Text size="xs" c="dimmed">
              {formatBytes(offer.size)} · Choose the same file again and the upload goes on from where it stopped.
            </Text>
          </div>
          <Group gap="xs">
            <Button size="xs" onClick={onChoose}>
              Choose {offer.fileName}
            </Button>
            <Button size="xs" variant="default" onClick={discard} aria-label={`Discard the unfinished upload of ${offer.fileName}`}>
              Discard
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
