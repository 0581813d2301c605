// Creates an EyeMail from the form (spec 01 section 3; ctaButtonsHTML is written by the server).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CoverPlacement, LogoAlignment, VideoOverlay } from '@shared/snippet-rules';
import type { SnippetView } from '@shared/api-types';
import type { NotifyEvent } from '@shared/notify-rules';
import { api, type ApiResult } from '@/lib/api-client';
import { SNIPPETS_KEY } from '@/lib/api/get-snippets';
import { snippetKey } from './get-snippet';

export interface SnippetPayload {
  title: string;
  // The title recipients see; null: the name.
  publicTitle: string | null;
  videoId: string;
  gifId: string | null;
  videoOverlay: VideoOverlay;
  addVideoOverlay: boolean;
  coverImageId: string | null;
  coverImagePlacement: CoverPlacement;
  coverImageSpacing: number;
  logoImageId: string | null;
  logoImageAlignment: LogoAlignment;
  logoImageWidth: number;
  landingPageUrl: string | null;
  width: number;
  ctaButtonsJSON: string;
  videoURLData: string | null;
  videoLogoImgId: string | null;
  // The EyeMail's notification choice, saved with it in one transaction (absent: unchanged).
  notify?: { inherit: true } | { events: NotifyEvent[] };
}

export function createSnippet(body: SnippetPayload): Promise<ApiResult<SnippetView>> {
  return api.post<SnippetView>('snippets', { body });
}

// The saved EyeMail goes straight into the cache (its page opens next) and every list refreshes.
export function useCreateSnippet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSnippet,
    onSuccess: (res) => {
      if (!res.result || !res.body) return;
      queryClient.setQueryData(snippetKey(res.body.snippet), res.body);
      return queryClient.invalidateQueries({ queryKey: [...SNIPPETS_KEY, 'list'] });
    },
  });
}
