// Checks a password reset link's token before the form is shown; the answer (valid, or the
// server's reason: used, expired, unknown) is data, never a thrown error.
import { useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';

export function validateResetToken(token: string, signal?: AbortSignal): Promise<ApiResult<null>> {
  return api.get<null>('accounts/validate-reset-password-token', { query: { token }, signal });
}

export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: ['accounts', 'reset-token', token],
    queryFn: ({ signal }) => validateResetToken(token, signal),
    enabled: token !== '',
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
