// The export modal's small decisions. Pure.
import { previewQueryFor, type ExportOptions } from '@shared/snippet-rules';

// '<title>.html', with characters that file systems refuse replaced.
export function htmlFileName(title: string): string {
  const clean = title
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return `${clean || 'EyeMail'}.html`;
}

// The email preview page (/emailpreview/{id}) with the chosen options (spec 01 export modal).
export function emailPreviewLink(livePreviewUrlForEmail: string, options: ExportOptions, platform: string, speakerIcon: boolean): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(previewQueryFor(options, platform, speakerIcon))) if (v !== undefined) params.set(k, v);
  const sep = livePreviewUrlForEmail.includes('?') ? '&' : '?';
  return `${livePreviewUrlForEmail}${sep}${params.toString()}`;
}
