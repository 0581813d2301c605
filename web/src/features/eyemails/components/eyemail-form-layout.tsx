import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, Center, Grid, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEye, IconForms, IconInfoCircle } from '@tabler/icons-react';
import type { useEyeMailEditor } from '@/features/eyemails/utils/use-eyemail-editor';
import { FILE_PROCESSING_HINT } from '@/features/eyemails/utils/use-eyemail-editor';
import { buttonPendingHint } from '@/features/eyemails/utils/cta-editor-rules';
import { PleaseWaitModal } from './please-wait-modal';
import { PreviewPane, type Playable } from './preview-pane';
import { SnippetFormFields } from './snippet-form-fields';
import { NotifyChoiceField } from './notify-choice-field';
import classes from './eyemail-form.module.css';

export const EXPRESS_NOTE = 'Express accounts include the video only: logo, cover image and buttons are Premium features.';

type Editor = ReturnType<typeof useEyeMailEditor>;

// The full EyeMail form beside its live preview, with the submit bar under the fields.
export function EyeMailFormLayout({
  editor,
  express,
  withGif = false,
  submitLabel,
  playable,
  top,
  secondary,
  notice,
}: {
  editor: Editor;
  express: boolean;
  withGif?: boolean;
  submitLabel: string;
  playable: Playable | null;
  top?: React.ReactNode;
  secondary?: React.ReactNode;
  // Shown above the submit button (the update page: what emails already sent keep).
  notice?: React.ReactNode;
}) {
  // Below the two-column width the preview would sit under a ~3000 px form: a Details / Preview
  // switch pinned under the header shows one or the other instead.
  const narrow = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false });
  const [view, setView] = useState<'details' | 'preview'>('details');
  // A refused save shows the fields with their errors.
  const hasErrors = Object.values(editor.errors ?? {}).some(Boolean);
  useEffect(() => {
    if (hasErrors) setView('details');
  }, [hasErrors]);
  const showForm = !narrow || view === 'details';
  const showPreview = !narrow || view === 'preview';
  const switchTo = (next: string) => {
    setView(next === 'preview' ? 'preview' : 'details');
    window.scrollTo({ top: 0 });
  };
  const hint = editor.uploading
    ? FILE_PROCESSING_HINT
    : !editor.canSubmit && editor.waiting === null
      ? 'Add a name and a video to continue.'
      : hasErrors
        ? 'Correct the field marked in red to save.'
        : editor.buttonPending
        ? buttonPendingHint(editor.buttonPending)
        : null;
  return (
    <>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void editor.submit();
        }}
        aria-label={submitLabel}
      >
        {narrow ? (
          <Box className={classes.viewSwitch}>
            <SegmentedControl
              fullWidth
              value={view}
              onChange={switchTo}
              aria-label="Show"
              data={[
                { value: 'details', label: <Center style={{ gap: 6 }}><IconForms size={16} /><span>Details</span></Center> },
                { value: 'preview', label: <Center style={{ gap: 6 }}><IconEye size={16} /><span>Preview</span></Center> },
              ]}
            />
          </Box>
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }} display={showForm ? undefined : 'none'}>
            <Stack gap="lg">
              {top}
              {express ? (
                <Alert variant="light" color="brand" icon={<IconInfoCircle size={18} />}>
                  {EXPRESS_NOTE}
                </Alert>
              ) : null}
              <SnippetFormFields
                values={editor.values}
                onChange={editor.onChange}
                errors={editor.errors}
                express={express}
                withGif={withGif}
                encoding={editor.encoding}
                onRetryEncoding={editor.retryEncoding}
                onBusyChange={editor.onBusyChange}
                onButtonPending={editor.onButtonPending}
              />
              <NotifyChoiceField value={editor.notify} accountEvents={editor.accountEvents} onChange={editor.onNotifyChange} loading={editor.notifyLoading} failed={editor.notifyFailed} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} display={showPreview ? undefined : 'none'}>
            <Box className={classes.previewCol}>
              <PreviewPane values={editor.values} encoded={playable} express={express} />
            </Box>
          </Grid.Col>
        </Grid>
        <Card mt="lg" padding="md" className={classes.submitBar}>
          {notice}
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed" role="status" style={{ flex: '1 1 200px' }}>
              {hint ?? (editor.encodingNow ? 'You can save now: we finish processing the video first.' : 'Everything is ready.')}
            </Text>
            <Group gap="sm" wrap="nowrap">
              {secondary}
              <Button type="submit" size="md" disabled={!editor.canSubmit} loading={editor.waiting !== null}>
                {submitLabel}
              </Button>
            </Group>
          </Group>
        </Card>
      </form>
      <PleaseWaitModal opened={editor.blocking} progress={editor.waitProgress} label={editor.waitLabel} />
    </>
  );
}
