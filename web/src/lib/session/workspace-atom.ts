import { atom } from 'jotai';
import { setApiWorkspace } from '@/lib/api-client';

// The workspace the dashboard shows and every call acts in (sent as X-Workspace-Id by the api
// client). null: the signed-in user's personal workspace, for which no header is sent. Kept per
// signed-in user in localStorage, so a reload or a new tab opens where they were; forgotten at
// sign-out.

const KEY_PREFIX = 'eyemail.workspace.';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage refused (privacy settings): the choice lasts for this page only
  }
}

export function storedWorkspace(userId: string): string | null {
  return storage()?.getItem(KEY_PREFIX + userId) || null;
}

function store(userId: string, workspaceId: string | null): void {
  const s = storage();
  if (!s) return;
  if (workspaceId) s.setItem(KEY_PREFIX + userId, workspaceId);
  else s.removeItem(KEY_PREFIX + userId);
}

export function forgetStoredWorkspace(userId: string): void {
  store(userId, null);
}

interface Selection {
  userId: string | null;
  workspaceId: string | null;
}

const selectionAtom = atom<Selection>({ userId: null, workspaceId: null });

// The chosen company workspace's id, or null for the personal one. Writing it remembers the
// choice for the signed-in user and sends it with every call from then on; the personal
// workspace's id (the user's own) is written as null.
export const workspaceIdAtom = atom(
  (get) => get(selectionAtom).workspaceId,
  (get, set, next: string | null) => {
    const { userId } = get(selectionAtom);
    const workspaceId = next && next !== userId ? next : null;
    if (userId) store(userId, workspaceId);
    setApiWorkspace(workspaceId);
    set(selectionAtom, { userId, workspaceId });
  },
);

// Called by the user atom when the account changes: the new user's remembered workspace (or
// none), in force before anything is fetched for them.
export const workspaceOwnerAtom = atom(null, (_get, set, userId: string | null) => {
  const workspaceId = userId ? storedWorkspace(userId) : null;
  setApiWorkspace(workspaceId);
  set(selectionAtom, { userId, workspaceId });
});
