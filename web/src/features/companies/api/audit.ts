import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiQueryError } from '@/lib/query-client';
import { AUDIT_PAGE_SIZE, type AuditEntry } from '@shared/workspace-audit';

// A company's audit log, asked of that company (X-Workspace-Id), whichever workspace is shown:
// the owner and admins only (the server answers 403 to others). Newest first, a page at a time.
export const auditKey = (workspaceId: string) => ['workspace-audit', workspaceId] as const;

// One page: the newest entries, or those older than `before` (the id of the last one shown).
export async function getAuditPage(workspaceId: string, before: number | null, signal?: AbortSignal): Promise<AuditEntry[]> {
  const res = await api.get<AuditEntry[]>('workspace/audit', { workspaceId, signal, query: { before } });
  if (!res.result) throw new ApiQueryError(res);
  return res.body ?? [];
}

// Keyset paging: a full page may have older entries after it; a short one is the last.
export const nextAuditCursor = (page: AuditEntry[]): number | undefined => (page.length >= AUDIT_PAGE_SIZE ? page[page.length - 1]?.id : undefined);

export function useAuditLog(workspaceId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: auditKey(workspaceId),
    queryFn: ({ pageParam, signal }) => getAuditPage(workspaceId, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: nextAuditCursor,
    enabled: enabled && !!workspaceId,
  });
}
