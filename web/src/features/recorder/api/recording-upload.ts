// Sends a recording while it is being made, through the app's one resumable-upload client
// (@/lib/resumable-upload, tus-js-client): each chunk MediaRecorder hands over goes into a stream
// that the upload reads in pieces, appending them to an upload created with its length deferred;
// after Stop the last request says the length, and the server checks and stores the video. So
// only the last piece is left to send at Stop.
import type { FileView } from '@shared/api-types';
import { startResumableUpload } from '@/lib/resumable-upload';

export interface RecordingUpload {
  push: (chunk: Blob) => void;
  // the recording ended: send what is left, then the video is stored
  end: () => void;
  done: Promise<FileView>;
  // a retake or a closed recorder: the partial upload is deleted on the server
  abort: () => void;
}

export interface RecordingUploadOptions {
  fileName: string;
  fileType: string;
  // percent of the recording the server holds, from Stop on
  onProgress?: (percent: number) => void;
}

export function startRecordingUpload(o: RecordingUploadOptions): RecordingUpload {
  let recorded = 0;
  let open = true;
  let chunks!: ReadableStreamDefaultController<Blob>;
  const stream = new ReadableStream<Blob>({ start: (c) => void (chunks = c) });
  const upload = startResumableUpload({
    input: stream.getReader(),
    source: 'recorder',
    filename: o.fileName,
    filetype: o.fileType,
    // progress shows once the recording stopped (the review), of its whole length
    knownSize: () => (open ? 0 : recorded),
    onProgress: o.onProgress,
  });
  // nobody may be waiting yet
  upload.done.catch(() => undefined);
  return {
    push: (chunk) => {
      if (!open || !chunk.size) return;
      recorded += chunk.size;
      chunks.enqueue(chunk);
    },
    end: () => {
      if (open) chunks.close();
      open = false;
    },
    done: upload.done,
    abort: () => {
      open = false;
      void upload.abort();
    },
  };
}
