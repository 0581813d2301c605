import { api } from '@/lib/api-client';

export const homeApi = {
  resendVerification: () => api.post<null>('accounts/resend-verification'),
};
