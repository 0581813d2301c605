import { useState } from 'react';
import { AspectRatio, Badge, Button, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconMovie, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { FileListItem as VideoListItem } from '@shared/api-types';
import { formatDate } from '@/lib/date-format';
import { fileNameWithoutExtension, formatDuration } from '@/lib/media-format';
import { PosterImage } from '@/components/poster-image';
import { UsedBy, UseInEyeMailButton, VideoCardMenu } from './video-card-actions';
import classes from './video-grid.module.css';

export interface VideoGridProps {
  items: VideoListItem[];
  loading?: boolean;
  // Picker mode (the EyeMail forms): each card offers Select instead of the library's actions.
  selectMode?: boolean;
  selectedId?: string | null;
  onSelect?: (item: VideoListItem) => void;
  onDelete?: (item: VideoListItem) => void;
  onRename?: (item: VideoListItem) => void;
  // "Use in a new EyeMail".
  onUse?: (item: VideoListItem) => void;
}

type CardHandlers = { onSelect?: () => void; onDelete?: () => void; onRename?: () => void; onUse?: () => void; onOpen: () => void };

export function videoTitle(item: VideoListItem): string {
  return item.fileName || fileNameWithoutExtension(item.file.fileName);
}

function Thumbnail({ item, onOpen }: { item: VideoListItem; onOpen: () => void }) {
  const duration = formatDuration(item.file.durationSecs);
  return (
    <UnstyledButton className={classes.thumbButton} onClick={onOpen} aria-label={duration ? `Play ${videoTitle(item)}, ${duration}` : `Play ${videoTitle(item)}`}>
      <PosterImage src={item.file.thumbnailUrl} icon={<IconMovie size={36} stroke={1.4} />} placeholderTestId="thumbnail-placeholder" />
      <span className={classes.play} aria-hidden="true">
        <IconPlayerPlayFilled size={34} color="white" />
      </span>
      {duration ? (
        <Badge className={classes.duration} size="sm" color="dark" variant="filled" radius="sm">
          {duration}
        </Badge>
      ) : null}
    </UnstyledButton>
  );
}

function VideoCard({ item, selectMode, selected, onSelect, onDelete, onRename, onUse, onOpen }: { item: VideoListItem; selectMode: boolean; selected: boolean } & CardHandlers) {
  const title = videoTitle(item);
  return (
    <Card className={classes.card} padding={0} radius="lg" data-selected={selected || undefined} component="article" aria-label={title}>
      <Thumbnail item={item} onOpen={onOpen} />
      <div className={classes.body}>
        <Stack gap={2} px="sm" pt="sm" style={{ flex: 1 }}>
          <Group gap={4} wrap="nowrap" align="flex-start" justify="space-between">
            <Text fw={600} size="sm" lineClamp={2} title={title} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            {selectMode ? null : <VideoCardMenu title={title} onPlay={onOpen} onRename={onRename} onDelete={onDelete} />}
          </Group>
          <Text size="xs" c="dimmed" truncate>
            Uploaded {formatDate(item.dateUploadedUTC || item.file.dateUploadedUTC)}
          </Text>
          {selectMode ? null : <UsedBy item={item} title={title} />}
        </Stack>
        {selectMode || onUse ? (
          <div style={{ padding: 'var(--mantine-spacing-sm)' }}>
            {selectMode ? (
              <Button fullWidth size="xs" variant={selected ? 'filled' : 'light'} leftSection={selected ? <IconCheck size={14} /> : null} onClick={onSelect}>
                {selected ? 'Selected' : 'Select'}
              </Button>
            ) : (
              <UseInEyeMailButton title={title} onUse={onUse} />
            )}
          </div>
        ) : null}
      </div>
    </Card>
  );
}

// The video library grid (spec 01 'My Videos'): 2, 3 or 4 columns of poster, name without
// extension, upload date and the EyeMails using it, with Use in EyeMail, Play, Rename and Delete,
// or Select in picker mode.
export function VideoGrid({ items, loading = false, selectMode = false, selectedId = null, onSelect, onDelete, onRename, onUse }: VideoGridProps) {
  const [playing, setPlaying] = useState<VideoListItem | null>(null);
  const cols = { base: 2, sm: 3, lg: 4 };
  if (loading) {
    return (
      <SimpleGrid cols={cols} spacing={{ base: 'sm', sm: 'lg' }} aria-busy="true" aria-label="Loading videos">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} padding={0} radius="lg">
            <AspectRatio ratio={16 / 9}>
              <Skeleton radius={0} />
            </AspectRatio>
            <Stack gap={8} p="sm">
              <Skeleton height={12} width="70%" radius="sm" />
              <Skeleton height={10} width="45%" radius="sm" />
              <Skeleton height={28} radius="md" mt={4} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <>
      <SimpleGrid cols={cols} spacing={{ base: 'sm', sm: 'lg' }} role="list" aria-label="Videos">
        {items.map((item) => (
          <div role="listitem" key={item.file.fileId}>
            <VideoCard
              item={item}
              selectMode={selectMode}
              selected={selectedId === item.file.fileId}
              onSelect={() => onSelect?.(item)}
              onDelete={onDelete && (() => onDelete(item))}
              onRename={onRename && (() => onRename(item))}
              onUse={onUse && (() => onUse(item))}
              onOpen={() => setPlaying(item)}
            />
          </div>
        ))}
      </SimpleGrid>
      <Modal opened={playing !== null} onClose={() => setPlaying(null)} title={playing ? videoTitle(playing) : ''} size="xl">
        {playing ? (
          <video
            src={playing.file.url}
            poster={playing.file.thumbnailUrl ?? undefined}
            controls
            autoPlay
            muted
            playsInline
            style={{ width: '100%', maxHeight: '70vh', borderRadius: 12, background: '#000', display: 'block' }}
          />
        ) : null}
      </Modal>
    </>
  );
}
