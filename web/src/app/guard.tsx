import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAtomValue } from 'jotai';
import { userAtom } from '@/lib/session/user-atom';
import { guardRedirect, type Access } from './guard-rules';

// Applies the access rule of a group of routes. Account pages ('hidden') decide once, when they
// are opened: a user who signs in on them is sent on by the page itself, not bounced home.
export function Guard({ access, children }: { access: Access; children: React.ReactNode }) {
  const current = useAtomValue(userAtom);
  const [atEntry] = useState(current);
  const user = access === 'hidden' ? atEntry : current;
  const location = useLocation();
  const to = guardRedirect(access, user, `${location.pathname}${location.search}`);
  if (to) return <Navigate to={to} replace />;
  return <>{children}</>;
}
