import { IconChartBar, IconHome, IconLifebuoy, IconMail, IconMovie, IconSparkles } from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: typeof IconHome;
  // Product Lines is listed in the side menu only (spec 01 section 2).
  sideOnly?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Home', to: '/', icon: IconHome },
  { label: 'My EyeMails', to: '/eyemails', icon: IconMail },
  // The video library sits in the side menu, like Product Lines, to keep the top bar short.
  { label: 'My Videos', to: '/video-library', icon: IconMovie, sideOnly: true },
  { label: 'Reports', to: '/reports', icon: IconChartBar },
  { label: 'Product Lines', to: '/product-lines', icon: IconSparkles, sideOnly: true },
  { label: 'Support', to: '/support', icon: IconLifebuoy },
];

export const CREATE_PATH = '/create-eyemail';
export const PROFILE_PATH = '/profile';
export const SETTINGS_PATH = '/settings';
export const INTEGRATIONS_PATH = '/integrations';

// '/' is active only on itself; other items also for their sub-pages (/reports/123).
export function isActivePath(itemPath: string, currentPath: string): boolean {
  if (itemPath === '/') return currentPath === '/';
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}
