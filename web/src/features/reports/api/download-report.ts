import { buildUrl, notifyUnauthorized, type Query, workspaceHeaders } from '@/lib/api-client';

// The CSV of the filtered records (GET reports/{snippetId}/download).
export function downloadUrl(snippetId: string, query: Query): string {
  return buildUrl(`reports/${encodeURIComponent(snippetId)}/download`, query);
}

// A report up to this size is read into the page and saved from there, so any failure (session
// ended, server error, connection lost mid-file) is known and can be said. A larger one (the CSV of
// a million rows is about 200 MB) is not held in memory: once this much has arrived the request is
// cancelled and the browser downloads the file itself, streaming it to disk, after this first
// request has shown that the server answers it.
export const IN_PAGE_LIMIT_BYTES = 16 * 1024 * 1024;
export const FALLBACK_FILE_NAME = 'eyemail-report.csv';

// Pure: the file name of a Content-Disposition header (filename* in UTF-8 first, then filename),
// without any folder part; the fallback when there is none.
export function fileNameFrom(contentDisposition: string | null, fallback = FALLBACK_FILE_NAME): string {
  if (!contentDisposition) return fallback;
  let name: string | null = null;
  const star = contentDisposition.match(/filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/);
  if (star) {
    try {
      name = decodeURIComponent(star[1].trim());
    } catch {
      name = null;
    }
  }
  name ??= contentDisposition.match(/filename\s*=\s*"([^"]*)"/)?.[1] ?? contentDisposition.match(/filename\s*=\s*([^;\s]+)/)?.[1] ?? null;
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

export interface Saver {
  // Saves what was read under the given name.
  blob: (data: Blob, fileName: string) => void;
  // Lets the browser download the address itself.
  address: (url: string) => void;
}

function clickLink(href: string, fileName?: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName ?? '';
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}

export const browserSaver: Saver = {
  blob: (data, fileName) => {
    const href = URL.createObjectURL(data);
    clickLink(href, fileName);
    // The download has taken its copy once the click has been handled.
    setTimeout(() => URL.revokeObjectURL(href), 30_000);
  },
  address: (url) => clickLink(url),
};

// Downloads the CSV at `url`; true once it is saved (or, when large, handed to the browser),
// false when it failed: no answer, an error status, not a CSV, or the connection cut mid-file.
export async function downloadCsv(url: string, saver: Saver = browserSaver, limit = IN_PAGE_LIMIT_BYTES): Promise<boolean> {
  const controller = new AbortController();
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin', headers: { ...workspaceHeaders(), Accept: 'text/csv' }, signal: controller.signal });
  } catch {
    return false;
  }
  if (res.status === 401) notifyUnauthorized(url);
  const type = res.headers.get('Content-Type') ?? '';
  if (!res.ok || !res.body || !type.toLowerCase().startsWith('text/csv')) {
    await res.body?.cancel().catch(() => undefined);
    return false;
  }
  const fileName = fileNameFrom(res.headers.get('Content-Disposition'));
  const reader = res.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value as Uint8Array<ArrayBuffer>);
      size += value.byteLength;
      if (size > limit) {
        controller.abort();
        saver.address(url);
        return true;
      }
    }
  } catch {
    return false;
  }
  saver.blob(new Blob(parts, { type: 'text/csv' }), fileName);
  return true;
}
