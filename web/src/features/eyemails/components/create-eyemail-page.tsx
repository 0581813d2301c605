import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import { userAtom } from '@/lib/session/user-atom';
import { PageHeader } from '@/components/page-header';
import { LeaveGuard } from '@/components/leave-guard';
import { emptyForm } from '@/features/eyemails/utils/snippet-form';
import { opensFullForm, readCreateMode, rememberCreateMode } from '@/features/eyemails/utils/create-mode';
import { clearDraft, readDraft, writeDraft } from '@/features/eyemails/utils/create-draft';
import { useEyeMailEditor } from '@/features/eyemails/utils/use-eyemail-editor';
import { useVideoFromLibrary } from '@/features/eyemails/utils/use-video-from-library';
import { EditorsOnly } from './editors-only';
import { EyeMailFormLayout } from './eyemail-form-layout';
import { GettingStartedCard } from './getting-started-card';
import { PleaseWaitModal } from './please-wait-modal';

const LEAVE_MESSAGE = 'This EyeMail is not created yet. What you entered stays on this browser: Create EyeMail offers to continue where you left off.';

// /create-eyemail, for those who may edit the workspace's EyeMails (EditorsOnly).
export function CreateEyeMailPage() {
  return (
    <EditorsOnly title="Create EyeMail">
      <CreateEyeMail />
    </EditorsOnly>
  );
}

// The Getting Started flow first; 'More options' opens the full form with what was entered, and
// this browser remembers that choice for next time. What is typed is kept as a draft for this
// user (create-draft.ts) and offered back with 'Continue where you left off'.
function CreateEyeMail() {
  const user = useAtomValue(userAtom);
  const userId = user?.id ?? 'anonymous';
  const tier = user?.tier ?? 'premium';
  const express = tier === 'express';
  const location = useLocation();
  const navigate = useNavigate();
  const [initial] = useState(emptyForm);
  const [restored, setRestored] = useState(() => readDraft(userId));
  const onSaved = useCallback(() => clearDraft(userId), [userId]);
  const editor = useEyeMailEditor({ mode: 'create', tier, initial: restored?.values ?? initial, onSaved });
  const [full, setFull] = useState(() => opensFullForm(location.search, readCreateMode()));
  const { values, onChange, isSaved } = editor;

  // Every change is kept (a draft with nothing in it is forgotten); not once the EyeMail is created.
  useEffect(() => {
    if (!isSaved()) writeDraft(userId, values);
  }, [userId, values, isSaved]);

  // "Use in a new EyeMail" from My Videos: /create-eyemail?video=<id>.
  useVideoFromLibrary(location.search, (video) => {
    onChange({ ...values, video });
    const params = new URLSearchParams(location.search);
    params.delete('video');
    navigate({ pathname: location.pathname, search: params.toString() }, { replace: true });
  });

  const discard = () => {
    clearDraft(userId);
    setRestored(null);
    onChange(emptyForm());
  };

  const showFull = () => {
    setFull(true);
    rememberCreateMode('full');
    if (new URLSearchParams(location.search).has('start')) navigate({ pathname: location.pathname, search: '' }, { replace: true });
  };
  const showStart = () => {
    setFull(false);
    rememberCreateMode('start');
  };

  const notice = restored ? (
    <Alert variant="light" color="brand" icon={<IconHistory size={18} />} title="Continue where you left off" mb="md" role="status">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">We kept what you entered last time on this browser.</Text>
        <Button size="xs" variant="default" onClick={discard}>
          Discard and start over
        </Button>
      </Group>
    </Alert>
  ) : null;
  const guard = <LeaveGuard when={editor.dirty} allow={isSaved} message={LEAVE_MESSAGE} />;

  if (!full) {
    return (
      <>
        <PageHeader title="Create EyeMail" subtitle="Turn a video into an email people actually watch" />
        {notice}
        <GettingStartedCard editor={editor} onMoreOptions={showFull} />
        <PleaseWaitModal opened={editor.blocking} progress={editor.waitProgress} label={editor.waitLabel} />
        {guard}
      </>
    );
  }

  return (
    <>
      <PageHeader title="Create EyeMail" subtitle="Every option, with a live preview of what recipients see" />
      {notice}
      <EyeMailFormLayout
        editor={editor}
        express={express}
        submitLabel="Create EyeMail"
        playable={editor.playable}
        top={
          editor.values.video === null ? (
            <Text size="sm" c="dimmed">
              New here?{' '}
              <Anchor component="button" type="button" inherit fw={600} onClick={showStart}>
                Try the quick start
              </Anchor>{' '}
              with just a video and a title.
            </Text>
          ) : null
        }
      />
      {guard}
    </>
  );
}
