// Sends a recording while it is being made, through the app's one resumable-upload client
// (@/lib/resumable-upload, tus-js-client): each chunk MediaRecorder hands over goes into a stream
// that the upload reads in pieces, appending them to an upload created with its length deferred;
// after Stop the last request says the length, and the server checks and stores the video. So
// only the last piece is left to send at Stop.
import type { FileView } from '@shared/api-types';
import { deleteFile } from '@/lib/api/delete-file';
import { startResumableUpload } from '@/lib/resumable-upload';

export interface RecordingUpload {
  push: (chunk: Blob) => void;
  // the recording ended: send what is left, then the video is stored
  end: () => void;
  done: Promise<FileView>;
  // a retake or a recorder closed without saving: nothing of the recording stays on the server
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
  let discarded = false;
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
      if (discarded) return;
      discarded = true;
      if (open) {
        // still recording: the server holds an unfinished upload, which termination deletes
        open = false;
        void upload.abort();
        return;
      }
      // Stopped: only the last piece was left to send, and the upload becomes (or already is) a
      // video in the library, which termination no longer deletes (400): the video goes instead.
      // An upload that fails after all is terminated.
      upload.done.then(
        (file) => void deleteFile(file.fileId),
        () => void upload.abort(),
      );
    },
  };
}
