// The email platforms an export can be made for (reference data: fetched once per page load).
import { useQuery } from '@tanstack/react-query';
import { getOrThrow } from '@/lib/query-client';

export interface EmailPlatform {
  code: string;
  name: string;
  iconUrl: string;
  recipientTag?: string;
  unsubscribeTag?: string | null;
  // Its rules require an unsubscribe link in every email: the export dialog ticks it by default.
  unsubscribeRequired?: boolean;
  notes?: string;
  // Where to paste the export in this platform: the block, or the whole document.
  pasteHint?: { block: string; document: string };
}

export function getEmailPlatforms(signal?: AbortSignal): Promise<EmailPlatform[]> {
  return getOrThrow<EmailPlatform[]>('global/email-platforms', undefined, signal);
}

export function useEmailPlatforms({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ['email-platforms'], queryFn: ({ signal }) => getEmailPlatforms(signal), staleTime: Infinity, enabled });
}
