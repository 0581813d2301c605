// Pure: which format MediaRecorder writes. WebM with VP8 and Opus first: every Chromium and
// Firefox writes it, it costs the recording computer least, and the server decodes VP8 fastest;
// VP9, then plain WebM; MP4 for Safari (the only format it records).
export const MIME_CANDIDATES = [
  'video/webm;codecs=vp8,opus',
  'video/webm;codecs=vp9,opus',
  'video/webm',
  'video/mp4;codecs=avc1,mp4a.40.2',
  'video/mp4',
] as const;

export interface RecordingFormat {
  mimeType: string;
  // what the file is called and sent as (without codecs)
  fileType: 'video/webm' | 'video/mp4';
  extension: 'webm' | 'mp4';
}

export function chooseRecordingFormat(isTypeSupported: (mime: string) => boolean): RecordingFormat | null {
  for (const mimeType of MIME_CANDIDATES) {
    let ok = false;
    try {
      ok = isTypeSupported(mimeType);
    } catch {
      ok = false;
    }
    if (ok) {
      const webm = mimeType.startsWith('video/webm');
      return { mimeType, fileType: webm ? 'video/webm' : 'video/mp4', extension: webm ? 'webm' : 'mp4' };
    }
  }
  return null;
}

// "Recording 26 Nov 2026 14.05.33.webm": a name people can find in My Videos, to the second so
// that two recordings of the same minute differ; " (2)", " (3)"... when the library already has a
// video of that name (`taken`: its names, with or without their extension, which My Videos hides).
export function recordingFileName(at: Date, extension: string, taken: readonly string[] = []): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (n: number) => String(n).padStart(2, '0');
  const base = `Recording ${at.getDate()} ${months[at.getMonth()]} ${at.getFullYear()} ${two(at.getHours())}.${two(at.getMinutes())}.${two(at.getSeconds())}`;
  const stem = (n: string) => n.replace(/\.(webm|mp4|mov)$/i, '').toLowerCase();
  const used = new Set(taken.map(stem));
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${n})`;
  return `${name}.${extension}`;
}
