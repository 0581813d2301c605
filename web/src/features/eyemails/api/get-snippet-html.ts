// The email HTML of an EyeMail for one platform and the chosen export options.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExportOptions } from '@shared/snippet-rules';
import { api, type ApiResult } from '@/lib/api-client';
import { ApiQueryError } from '@/lib/query-client';
import { SNIPPETS_KEY } from '@/lib/api/get-snippets';

export interface ExportHtml {
  // The whole email document (also the .html download).
  html: string;
  sizeBytes: number;
  platform: string;
  // The EyeMail block with its styles, for an HTML block of an existing email.
  blockHtml: string;
  blockSizeBytes: number;
}

export function getSnippetHtml(snippetId: string, options: ExportHtmlParams, signal?: AbortSignal): Promise<ApiResult<ExportHtml>> {
  return api.get<ExportHtml>(`snippets/${encodeURIComponent(snippetId)}/html`, {
    query: {
      emailPlatform: options.emailPlatform,
      headerText: options.headerText,
      includeHeader: options.includeHeader,
      includeUnsubscribeLink: options.includeUnsubscribeLink,
      removeBranding: options.removeBranding,
      // Sent only when there is one, so the URL stays short.
      preheader: options.preheader || undefined,
    },
    signal,
  });
}

export type ExportHtmlParams = ExportOptions & { emailPlatform: string };

// The HTML as a query: kept per snippet, platform and options (changing back is instant), the
// last HTML stays on screen while the next loads, and any change to the EyeMail invalidates it.
export function useSnippetHtml(snippetId: string, params: ExportHtmlParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...SNIPPETS_KEY, 'html', snippetId, params],
    queryFn: async ({ signal }) => {
      const res = await getSnippetHtml(snippetId, params, signal);
      if (!res.result || !res.body) throw new ApiQueryError(res);
      return res.body;
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
