// Confirms the email address from the emailed link. The token is single-use: the call is made
// once per token for the page's lifetime (a re-mounted page reads the first answer), and the
// answer (success or the server's reason) is data, never a thrown error.
import { useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';
import { oncePerKey } from '@/features/auth/utils/once-per-key';

export const verifyEmail = oncePerKey((token): Promise<ApiResult<null>> => api.put<null>('accounts/verify-email', { query: { token } }));

export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: ['accounts', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
