import { api } from '@/lib/api-client';

export const settingsApi = {
  changePassword: (body: { currentPassword: string; newPassword: string }) => api.put<null>('users/profile-password', { body }),
};
