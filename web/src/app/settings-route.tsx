import { SettingsPage } from '@/features/settings/components/settings-page';
import { NotificationSettingsCard } from '@/features/notifications/components/notification-settings-card';

// The Settings page with the notification choices (two features composed here, not in each other).
export function SettingsRoute() {
  return <SettingsPage extra={<NotificationSettingsCard />} />;
}
