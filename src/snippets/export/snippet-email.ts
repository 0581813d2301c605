import type { SnippetTier } from '../../shared/snippet-rules.js';
import { toExportSnippet, type SnippetMedia, type SnippetRecord } from '../snippet-view.js';
import type { EmailPlatform } from '../email-platforms.js';
import { renderEmailBlock, renderEmailExport, renderEmailPreviewPage } from './export-html.js';
import { buildEmailViewModel } from './export-view-model.js';
import { ExportNotReadyError, type BuildEmailInput } from './export-types.js';
import { withLiveMedia } from './live-media-urls.js';

export interface SnippetEmailInput {
  record: SnippetRecord;
  media: SnippetMedia;
  platform: EmailPlatform | string | null | undefined;
  options: BuildEmailInput['options'];
  publicBaseUrl: string;
  tier: SnippetTier;
  // The owner's company name, the logo's alt text (null: the title).
  brandName?: string | null;
}

// The one way from a stored snippet and its media to email HTML: the export (what people paste
// into their platform) and the email preview page (the same email, counted nowhere). Null when
// the snippet has no playable video yet; each caller answers that its own way.
export function renderSnippetEmail(input: SnippetEmailInput, preview?: { muteIcon: boolean | null }): string | null {
  const vm = snippetEmailViewModel(input, preview);
  if (!vm) return null;
  return preview ? renderEmailPreviewPage(vm) : renderEmailExport(vm);
}

// The export both ways: the whole document and the block alone (with its styles), for pasting
// into an email that already exists. Its media are the EyeMail's living addresses
// (live-media-urls.ts); the preview page shows the stored versions themselves.
export function renderSnippetEmailParts(input: SnippetEmailInput): { document: string; block: string } | null {
  const vm = snippetEmailViewModel(input);
  return vm ? { document: renderEmailExport(vm), block: renderEmailBlock(vm) } : null;
}

function snippetEmailViewModel(input: SnippetEmailInput, preview?: { muteIcon: boolean | null }) {
  const stored = { ...toExportSnippet(input.record, input.media), brandName: input.brandName ?? null };
  try {
    return buildEmailViewModel({
      snippet: preview ? stored : withLiveMedia(stored, input.publicBaseUrl),
      platform: input.platform,
      options: input.options,
      publicBaseUrl: input.publicBaseUrl,
      tier: input.tier,
      ...(preview ? { preview: true, previewMuteIcon: preview.muteIcon } : {}),
    });
  } catch (e) {
    if (e instanceof ExportNotReadyError) return null;
    throw e;
  }
}
