// The name a video shows in My Videos (its file name without the extension), as its owner
// renames it: shared by the server's check and the dashboard's rename form. Pure.
export const VIDEO_NAME_MAX = 100;

export const VIDEO_NAME_MESSAGES = {
  required: 'Name is required',
  tooLong: `Name must be at most ${VIDEO_NAME_MAX} characters`,
  control: 'Name cannot contain line breaks or control characters',
} as const;

// The message for a name as sent, or null when it is fine (judged trimmed).
export function videoNameError(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return VIDEO_NAME_MESSAGES.required;
  const v = value.trim();
  if ([...v].length > VIDEO_NAME_MAX) return VIDEO_NAME_MESSAGES.tooLong;
  if (/[\u0000-\u001f\u007f]/.test(v)) return VIDEO_NAME_MESSAGES.control;
  return null;
}

// The stored file name for a new name: the upload's extension is kept (it says what the file
// is), so the library, which shows the name without it, shows exactly what was typed.
export function renamedFileName(current: string, name: string): string {
  const dot = current.lastIndexOf('.');
  const ext = dot > 0 ? current.slice(dot) : '';
  return `${name.trim()}${ext}`;
}
