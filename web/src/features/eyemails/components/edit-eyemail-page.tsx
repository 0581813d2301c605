import { useState } from 'react';
import { Alert, Button } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { Link, useParams } from 'react-router';
import { userAtom } from '@/lib/session/user-atom';
import type { SnippetView } from '@shared/api-types';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/spinner';
import { LeaveGuard } from '@/components/leave-guard';
import { isNotFound, useSnippet } from '@/features/eyemails/api/get-snippet';
import { useOpenInWorkspace } from '@/lib/workspace/use-open-in-workspace';
import { formFromSnippet } from '@/features/eyemails/utils/snippet-form';
import { keptBySentEmails, sentEmailsNote } from '@/features/eyemails/utils/sent-email-changes';
import { useEyeMailEditor } from '@/features/eyemails/utils/use-eyemail-editor';
import { EyeMailFormLayout } from './eyemail-form-layout';
import { EyeMailNotFound } from './eyemail-not-found';
import { EditorsOnly } from './editors-only';

function EditForm({ saved }: { saved: SnippetView }) {
  const user = useAtomValue(userAtom);
  const tier = user?.tier ?? 'premium';
  const [initial] = useState(() => formFromSnippet(saved));
  const editor = useEyeMailEditor({ mode: 'edit', tier, initial, saved });
  // Media and click targets reach emails already sent; their HTML does not.
  const note = sentEmailsNote(keptBySentEmails(initial, editor.values));
  return (
    <>
      <PageHeader title="Update EyeMail" subtitle={saved.title} />
      <EyeMailFormLayout
        editor={editor}
        express={tier === 'express'}
        withGif
        submitLabel="Update EyeMail"
        playable={editor.playable}
        notice={
          note ? (
            <Alert variant="light" color="yellow" mb="sm" role="note" aria-label="Emails already sent">
              {note}
            </Alert>
          ) : null
        }
        secondary={
          <Button component={Link} to={`/eyemails/${saved.snippet}`} variant="default" size="md">
            Cancel
          </Button>
        }
      />
      <LeaveGuard when={editor.dirty} allow={editor.isSaved} message="Your changes to this EyeMail are not saved. Leave without saving them?" />
    </>
  );
}

// /update-eyemail/{id}: the same form as create, filled from the saved EyeMail.
export function EditEyeMailPage() {
  const { id = '' } = useParams();
  const { data: saved, error, isError } = useSnippet(id);
  // A link to another of the user's workspaces' EyeMail opens it there.
  const link = useOpenInWorkspace({ eyemail: id }, isNotFound(error));
  if (link === 'locating') return <Spinner label="Loading EyeMail…" />;
  if (isError) return <EyeMailNotFound />;
  if (!saved) return <Spinner label="Loading EyeMail…" />;
  return (
    <EditorsOnly title="Update EyeMail">
      <EditForm key={saved.snippet} saved={saved} />
    </EditorsOnly>
  );
}
