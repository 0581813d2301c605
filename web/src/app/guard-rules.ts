// Who may see which page (spec 02 section 2), as one pure decision: null to show the page, or
// the address to send the visitor to instead.
import { ADMIN_HOME_PATH, HOME_PATH, signInRedirect } from '@/lib/redirects';

// login: signed-in users only; hidden: signed-out users only (account pages);
// public: everyone; admin: the admin account only.
export type Access = 'login' | 'hidden' | 'public' | 'admin';

export interface GuardUser {
  role: string;
}

export function guardRedirect(access: Access, user: GuardUser | null, pathWithSearch: string): string | null {
  switch (access) {
    case 'public':
      return null;
    case 'hidden':
      if (!user) return null;
      return user.role === 'admin' ? ADMIN_HOME_PATH : HOME_PATH;
    case 'login':
      if (!user) return signInRedirect(pathWithSearch);
      // The admin account works from its own area.
      return user.role === 'admin' ? ADMIN_HOME_PATH : null;
    case 'admin':
      if (!user) return signInRedirect(pathWithSearch);
      return user.role === 'admin' ? null : HOME_PATH;
  }
}
