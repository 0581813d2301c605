import { Anchor, Box, Button, Card, Grid, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconCircleCheck, IconDownload, IconMovie, IconWand } from '@tabler/icons-react';
import { TITLE_MAX } from '@shared/snippet-rules';
import { ProgressBar } from '@/components/progress-bar';
import { useMotionAllowed } from '@/hooks/use-motion-allowed';
import type { useEyeMailEditor } from '@/features/eyemails/utils/use-eyemail-editor';
import { FILE_PROCESSING_HINT, VIDEO_PROCESSING_HINT } from '@/features/eyemails/utils/use-eyemail-editor';
import { EncodingInline, VideoField } from './video-field';
import { VideoWidthInput } from './video-width-input';
import classes from './eyemail-form.module.css';

type Editor = ReturnType<typeof useEyeMailEditor>;

export const PROCESSING_TEXT = "We're processing your video. Encoding and optimizing for email...";

// The Getting Started flow: upload a video, watch it being processed, name it and create the
// EyeMail. 'More options' opens the full form with everything entered so far.
export function GettingStartedCard({ editor, onMoreOptions }: { editor: Editor; onMoreOptions: () => void }) {
  const { values, encoding, encoded } = editor;
  const autoplay = useMotionAllowed();
  const video = values.video;
  const ready = encoded !== null;
  const failed = encoding.phase === 'failed';
  const createDisabled = !editor.canSubmit || !ready;
  const hint = editor.uploading ? FILE_PROCESSING_HINT : video && !ready && !failed ? VIDEO_PROCESSING_HINT : null;

  return (
    <Card className={classes.startCard} padding="xl" component="section" aria-label="Getting Started">
      <div className={classes.startHero}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="md" variant="white" color="brand">
            <IconWand size={24} />
          </ThemeIcon>
          <div>
            <Title order={2} fz={22} c="white">
              Getting Started
            </Title>
            <Text c="rgba(255,255,255,0.9)" size="sm" mt={2}>
              Upload a video, we encode it for every inbox, then give it a name. That's all an EyeMail needs.
            </Text>
          </div>
        </Group>
      </div>

      <Stack gap="lg" mt="xl">
        {!video ? (
          <>
            <Title order={3} fz="lg">
              Let's upload a video first
            </Title>
            <VideoField value={null} onChange={(v) => editor.onChange({ ...values, video: v })} onBusyChange={(b) => editor.onBusyChange('video', b)} encoding={encoding} onRetryEncoding={editor.retryEncoding} />
          </>
        ) : (
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 6 }}>
              {ready && encoded ? (
                <Stack gap="xs">
                  <Group gap={6} c="teal">
                    <IconCircleCheck size={20} />
                    <Text fw={600}>Your video is ready for email</Text>
                  </Group>
                  <Box style={{ borderRadius: 8, overflow: 'hidden', background: '#111', lineHeight: 0 }}>
                    <video src={encoded.url} poster={encoded.poster ?? undefined} muted autoPlay={autoplay} loop playsInline controls style={{ width: '100%', display: 'block' }} aria-label="Processed video" />
                  </Box>
                  <Group gap="md">
                    <Anchor href={encoded.url} download size="sm" fw={600}>
                      <Group gap={4} component="span" wrap="nowrap">
                        <IconDownload size={16} /> Download the email video (MP4)
                      </Group>
                    </Anchor>
                    <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => editor.onChange({ ...values, video: null })}>
                      Use a different video
                    </Anchor>
                  </Group>
                </Stack>
                ) : (
                <Stack gap="sm">
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon size={40} radius="md" variant="light">
                      <IconMovie size={22} />
                    </ThemeIcon>
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600}>{failed ? 'We could not process this video' : PROCESSING_TEXT}</Text>
                      <Text size="sm" c="dimmed" truncate>
                        {video.name}
                      </Text>
                    </div>
                  </Group>
                  {failed ? <EncodingInline status={encoding} onRetry={editor.retryEncoding} /> : <ProgressBar value={encoding.progress} label="Processing" ariaLabel="Encoding progress" />}
                  {failed ? (
                    <Anchor component="button" type="button" size="sm" onClick={() => editor.onChange({ ...values, video: null })}>
                      Use a different video
                    </Anchor>
                  ) : null}
                </Stack>
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  if (!createDisabled) void editor.submit();
                }}
              >
                <Stack gap="md">
                  <TextInput
                    label="Title"
                    placeholder="Spring launch"
                    value={values.title}
                    onChange={(e) => editor.onChange({ ...values, title: e.currentTarget.value })}
                    error={editor.errors.title}
                    maxLength={TITLE_MAX + 20}
                    withAsterisk
                  />
                  <VideoWidthInput label="Width" value={values.width} onChange={(v) => editor.onChange({ ...values, width: v })} error={editor.errors.width} width={200} />
                  <Group justify="space-between" mt="xs" gap="sm" wrap="wrap">
                    <Text size="sm" c="dimmed" role="status" style={{ flex: '1 1 200px' }}>
                      {hint ?? (values.title.trim() ? 'Ready when you are.' : 'Give your EyeMail a title.')}
                    </Text>
                    <Button type="submit" size="md" disabled={createDisabled} loading={editor.waiting !== null}>
                      Create EyeMail
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Grid.Col>
          </Grid>
        )}

        <Group gap="xs" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} wrap="nowrap">
          <IconAdjustmentsHorizontal size={18} color="var(--mantine-color-brand-6)" style={{ flexShrink: 0 }} />
          <Text size="sm" c="dimmed">
            Want a logo, a creative image, links or buttons?{' '}
            <Anchor component="button" type="button" onClick={onMoreOptions} inherit fw={600}>
              More options
            </Anchor>
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
