// EyeMails (snippets), their export HTML and the public reference data the EyeMail pages read.
// Shared by the EyeMail pages and the home page's card grid.
import type { CoverPlacement, LogoAlignment, VideoOverlay } from '@shared/snippet-rules';
import type { SnippetView } from '@shared/api-types';
import { api } from './api-client';

export type { SnippetView } from '@shared/api-types';

// The create payload of spec 01 section 3 (ctaButtonsHTML is written by the server).
export interface SnippetPayload {
  title: string;
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
}

export interface UpdateSnippetPayload extends SnippetPayload {
  snippetId: string;
}

export interface EmailPlatform {
  code: string;
  name: string;
  iconUrl: string;
  recipientTag?: string;
  unsubscribeTag?: string | null;
  notes?: string;
}

export interface ExportOptions {
  emailPlatform: string;
  headerText: string;
  includeHeader: boolean;
  includeUnsubscribeLink: boolean;
  removeBranding: boolean;
  preheader: string;
}

export interface ExportHtml {
  html: string;
  sizeBytes: number;
  platform: string;
}

export type StatusFilterValue = 'true' | 'false' | undefined;

const id = (value: string) => encodeURIComponent(value);

export const snippetsApi = {
  list: (filters: { query?: string; status?: StatusFilterValue } = {}, signal?: AbortSignal) =>
    api.get<SnippetView[]>('snippets', { query: { query: filters.query, status: filters.status }, signal }),
  get: (snippetId: string) => api.get<SnippetView>(`snippets/${id(snippetId)}`),
  create: (body: SnippetPayload) => api.post<SnippetView>('snippets', { body }),
  update: (body: UpdateSnippetPayload) => api.put<SnippetView>('snippets', { body }),
  setStatus: (snippetId: string, status: boolean) => api.put<SnippetView>('snippets/status', { body: { snippetId, status } }),
  remove: (snippetId: string) => api.delete<null>(`snippets/${id(snippetId)}`),
  html: (snippetId: string, options: ExportOptions, signal?: AbortSignal) =>
    api.get<ExportHtml>(`snippets/${id(snippetId)}/html`, {
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
    }),
  emailPlatforms: () => api.get<EmailPlatform[]>('global/email-platforms'),
};
