// Pure: the tus Upload-Metadata header of a recording ("key base64(value)" pairs, comma-separated).
function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export function recordingMetadata(fileName: string, fileType: string): string {
  const pairs: [string, string][] = [
    ['type', 'video'],
    ['filename', fileName],
    ['filetype', fileType],
    ['source', 'recorder'],
  ];
  return pairs.map(([k, v]) => `${k} ${base64(v)}`).join(',');
}

// What to send next: every chunk received but the newest, which waits so the last request
// (the one saying the length) always carries bytes. At the end, everything.
export function nextPiece<T>(pending: readonly T[], ended: boolean): { send: T[]; keep: T[] } {
  if (ended) return { send: [...pending], keep: [] };
  if (pending.length <= 1) return { send: [], keep: [...pending] };
  return { send: pending.slice(0, -1), keep: pending.slice(-1) };
}
