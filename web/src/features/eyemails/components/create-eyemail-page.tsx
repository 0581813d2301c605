import { useMemo, useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import { userAtom } from '@/lib/session/user-atom';
import { PageHeader } from '@/components/page-header';
import { emptyForm } from '@/features/eyemails/utils/snippet-form';
import { opensFullForm, readCreateMode, rememberCreateMode } from '@/features/eyemails/utils/create-mode';
import { useEyeMailEditor } from '@/features/eyemails/utils/use-eyemail-editor';
import { EyeMailFormLayout } from './eyemail-form-layout';
import { GettingStartedCard } from './getting-started-card';
import { PleaseWaitModal } from './please-wait-modal';

// The Getting Started flow first; 'More options' opens the full form with what was entered, and
// this browser remembers that choice for next time.
export function CreateEyeMailPage() {
  const user = useAtomValue(userAtom);
  const tier = user?.tier ?? 'premium';
  const express = tier === 'express';
  const location = useLocation();
  const navigate = useNavigate();
  const initial = useMemo(() => emptyForm(), []);
  const editor = useEyeMailEditor({ mode: 'create', tier, initial });
  const [full, setFull] = useState(() => opensFullForm(location.search, readCreateMode()));

  const showFull = () => {
    setFull(true);
    rememberCreateMode('full');
    if (new URLSearchParams(location.search).has('start')) navigate({ pathname: location.pathname, search: '' }, { replace: true });
  };
  const showStart = () => {
    setFull(false);
    rememberCreateMode('start');
  };

  if (!full) {
    return (
      <>
        <PageHeader title="Create EyeMail" subtitle="Turn a video into an email people actually watch" />
        <GettingStartedCard editor={editor} onMoreOptions={showFull} />
        <PleaseWaitModal opened={editor.blocking} progress={editor.waitProgress} label={editor.waitLabel} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Create EyeMail" subtitle="Every option, with a live preview of what recipients see" />
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
    </>
  );
}
