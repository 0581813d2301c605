import { useCallback, useState } from 'react';
import { signOut } from '@/lib/session/session-api';
import { queryClient } from '@/lib/query-client';
import { toast } from '@/components/toasts';

// Signs out, then loads /signin afresh so nothing of the last session stays in memory.
export function useSignOut() {
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    const res = await signOut();
    if (!res.result) {
      setPending(false);
      toast.error('Unable to sign out');
      return;
    }
    queryClient.clear();
    window.location.replace('/signin');
  }, []);
  return { signOut: run, pending };
}
