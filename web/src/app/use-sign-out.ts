import { useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import { signOut } from '@/lib/session/session-api';
import { queryClient } from '@/lib/query-client';
import { userAtom } from '@/lib/session/user-atom';
import { forgetStoredWorkspace } from '@/lib/session/workspace-atom';
import { toast } from '@/components/toasts';

// Signs out, then loads /signin afresh so nothing of the last session stays in memory; the next
// sign-in starts in the personal workspace.
export function useSignOut() {
  const [pending, setPending] = useState(false);
  const userId = useAtomValue(userAtom)?.id;
  const run = useCallback(async () => {
    setPending(true);
    const res = await signOut();
    if (!res.result) {
      setPending(false);
      toast.error('Unable to sign out');
      return;
    }
    queryClient.clear();
    if (userId) forgetStoredWorkspace(userId);
    window.location.replace('/signin');
  }, [userId]);
  return { signOut: run, pending };
}
