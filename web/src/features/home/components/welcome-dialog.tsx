import { useId, useState } from 'react';
import { AspectRatio, Box, Button, Group, Modal, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconPlayerPlay, IconPlayerSkipForward, IconPlus } from '@tabler/icons-react';
import { WELCOME_FADE_MS } from '@/features/home/utils/welcome-flag';
import classes from './welcome-dialog.module.css';

export const WELCOME_VIDEO_URL = '/static/welcome.mp4';

interface Props {
  opened: boolean;
  name: string;
  onClose: () => void;
  onCreate: () => void;
}

function Option({ icon, title, text, onClick, primary }: { icon: React.ReactNode; title: string; text: string; onClick: () => void; primary?: boolean }) {
  const id = useId();
  return (
    <UnstyledButton onClick={onClick} className={classes.option} data-primary={primary || undefined} aria-label={title} aria-describedby={id}>
      <div className={classes.optionInner}>
        <ThemeIcon size={44} radius={22} variant={primary ? 'filled' : 'light'} style={{ flexShrink: 0 }}>
          {icon}
        </ThemeIcon>
        <div>
          <Text fw={600}>{title}</Text>
          <Text size="xs" c="dimmed" lh={1.4} mt={4} id={id}>
            {text}
          </Text>
        </div>
      </div>
    </UnstyledButton>
  );
}

// First-run welcome: Skip, Watch Video (with Back) or Create EyeMail. Clicking outside does not
// close it; it fades in and out over 700 ms.
export function WelcomeDialog({ opened, name, onClose, onCreate }: Props) {
  const [view, setView] = useState<'intro' | 'video'>('intro');
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      closeOnClickOutside={false}
      centered
      size={view === 'video' ? 720 : 620}
      transitionProps={{ transition: 'fade', duration: WELCOME_FADE_MS }}
      onExitTransitionEnd={() => setView('intro')}
    >
      <Modal.Overlay backgroundOpacity={0.45} blur={3} />
      <Modal.Content radius="lg">
        <Modal.Body p={0}>
          <Box className={classes.banner}>
            <Modal.Title className={classes.title}>Welcome, {name || 'there'}!</Modal.Title>
            <Text c="rgba(255,255,255,0.9)" mt={6}>
              We're glad to have you onboard
            </Text>
          </Box>
          <Box p={{ base: 'md', sm: 'xl' }}>
            {view === 'intro' ? (
              <>
                <Text ta="center" c="dimmed" mb="lg">
                  Below are some options to get started quickly.
                </Text>
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                  <Option icon={<IconPlayerSkipForward size={22} />} title="Skip" text="Look around the dashboard first." onClick={onClose} />
                  <Option icon={<IconPlayerPlay size={22} />} title="Watch Video" text="A quick tour of how EyeMail works." onClick={() => setView('video')} />
                  <Option icon={<IconPlus size={22} />} title="Create EyeMail" text="Upload a video and make your first one." onClick={onCreate} primary />
                </SimpleGrid>
              </>
            ) : (
              <Stack gap="md">
                <AspectRatio ratio={16 / 9}>
                  <video className={classes.video} src={WELCOME_VIDEO_URL} controls autoPlay playsInline aria-label="Welcome to EyeMail video" />
                </AspectRatio>
                <Group justify="space-between">
                  <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={() => setView('intro')}>
                    Back
                  </Button>
                  <Button leftSection={<IconPlus size={18} />} onClick={onCreate}>
                    Create EyeMail
                  </Button>
                </Group>
              </Stack>
            )}
          </Box>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
