import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useAtom, useSetAtom } from 'jotai';
import { onUnauthorized } from '@/lib/api-client';
import { checkSessionOnce } from '@/lib/session/session-api';
import { sessionCheckedAtom } from '@/lib/session/session-checked-atom';
import { userAtom } from '@/lib/session/user-atom';
import { PageLoading } from '@/components/spinner';
import { RouteProgress } from '@/components/route-progress';
import { useDocumentTitle } from '@/components/document-title';
import { toast } from '@/components/toasts';

export interface RouteHandle {
  title?: string;
  module?: string;
}

// The root of every page: asks the server for the session once per page load (spec 02 section 2),
// keeps the document title in step with the route, and signs the dashboard out when a call finds
// the session gone.
export function SessionRoot() {
  const [checked, setChecked] = useAtom(sessionCheckedAtom);
  const setUser = useSetAtom(userAtom);

  // Not a cached query: the answer is read once into the user atom, whose change of account clears
  // the query cache. The atoms outlive this component, so a late answer is still wanted.
  useEffect(() => {
    void checkSessionOnce().then((res) => {
      setUser(res.result && res.body ? res.body : null);
      setChecked(true);
    });
  }, [setUser, setChecked]);

  useEffect(
    () =>
      onUnauthorized(() => {
        setUser((current) => {
          if (current) toast.info('Your session has ended. Please sign in again.', 'Signed out');
          return null;
        });
      }),
    [setUser],
  );

  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;
  useDocumentTitle(handle?.title, handle?.module);

  if (!checked) return <PageLoading />;
  return (
    <>
      <RouteProgress />
      <Outlet />
    </>
  );
}
