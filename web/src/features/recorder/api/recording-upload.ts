// Sends a recording to the server. The recorder hands over each chunk as it is recorded and says
// when it ended; `done` is the stored video (FileView) once the server has it all.
import type { FileView } from '@shared/api-types';
import { apiUpload } from '@/lib/api-client';

export interface RecordingUpload {
  push: (chunk: Blob) => void;
  // the recording ended: send what is left, then the video is stored
  end: () => void;
  done: Promise<FileView>;
  abort: () => void;
}

export interface RecordingUploadOptions {
  fileName: string;
  fileType: string;
  onProgress?: (percent: number) => void;
}

// The whole recording in one request once it ended (POST files?type=video&source=recorder).
export function startRecordingUpload(o: RecordingUploadOptions): RecordingUpload {
  const parts: Blob[] = [];
  let aborted = false;
  let cancel: (() => void) | null = null;
  let ended!: () => void;
  const endedP = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const done = endedP.then(async () => {
    if (aborted) throw new Error('Upload cancelled.');
    const handle = apiUpload<FileView>('files', new Blob(parts, { type: o.fileType }), { query: { type: 'video', source: 'recorder' }, onProgress: o.onProgress }, o.fileName);
    cancel = handle.abort;
    const res = await handle.promise;
    if (!res.result || !res.body) throw new Error(res.message || 'We could not save your recording. Please try again.');
    return res.body;
  });
  // nobody may be waiting yet
  done.catch(() => undefined);
  return {
    push: (chunk) => parts.push(chunk),
    end: ended,
    done,
    abort: () => {
      aborted = true;
      cancel?.();
      ended();
    },
  };
}
