import { atom, type SetStateAction } from 'jotai';
import { queryClient } from '@/lib/query-client';
import { isOtherAccount, type User } from './user';
import { workspaceOwnerAtom } from './workspace-atom';

const currentUserAtom = atom<User | null>(null);

// null: nobody is signed in. Set from the session check on every page load, then by sign-in,
// sign-up, profile updates and sign-out. When the account changes (sign-in, sign-out, a session
// that ended) the server data cached for the last one is dropped before anything renders for the
// next, so no other user's EyeMails or videos can show; the next one's remembered workspace is
// chosen at the same moment.
export const userAtom = atom(
  (get) => get(currentUserAtom),
  (get, set, next: SetStateAction<User | null>) => {
    const before = get(currentUserAtom);
    const after = typeof next === 'function' ? next(before) : next;
    if (isOtherAccount(before, after)) {
      queryClient.clear();
      set(workspaceOwnerAtom, after?.id ?? null);
    }
    set(currentUserAtom, after);
  },
);
