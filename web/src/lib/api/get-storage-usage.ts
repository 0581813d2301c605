// The account's storage use against its quota (GET /api/files/usage): shown on My Videos. Under
// FILES_KEY, so an upload or a delete refreshes it with the library.
import { useQuery } from '@tanstack/react-query';
import { getOrThrow } from '@/lib/query-client';
import { FILES_KEY } from '@/lib/api/get-videos';

export interface StorageUsage {
  // Stored files plus unfinished uploads at their declared length.
  usedBytes: number;
  quotaBytes: number;
}

export const storageUsageKey = [...FILES_KEY, 'usage'] as const;

export function useStorageUsage() {
  return useQuery({ queryKey: storageUsageKey, queryFn: ({ signal }) => getOrThrow<StorageUsage>('files/usage', undefined, signal) });
}
