// Confirms the email address from the emailed link. The token is single-use: the call is made
// once per token for the page's lifetime (a re-mounted page reads the first answer), and the
// answer (success or the server's reason) is data, never a thrown error.
import { useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';
import { oncePerKey } from '@/features/auth/utils/once-per-key';

// body.alreadyVerified: the link was used before and the address is verified (the page offers sign-in).
export type VerifyEmailBody = { alreadyVerified: true } | null;

export const verifyEmail = oncePerKey((token): Promise<ApiResult<VerifyEmailBody>> => api.put<VerifyEmailBody>('accounts/verify-email', { query: { token } }));

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
