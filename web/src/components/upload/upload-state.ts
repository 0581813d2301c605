// The list of files in an upload component and how each one moves: uploading (with a whole
// percent that only rises), then uploaded or failed (spec 01 section 4). Pure, so it is tested
// alone; the component keeps the XHRs.
import type { FileView } from '@shared/api-types';

export type RowStatus = 'uploading' | 'uploaded' | 'failed';

export interface UploadRow {
  key: string;
  name: string;
  size: number;
  status: RowStatus;
  percent: number;
  error: string | null;
  file: FileView | null;
}

export type UploadAction =
  | { type: 'add'; key: string; name: string; size: number }
  | { type: 'progress'; key: string; percent: number }
  | { type: 'uploaded'; key: string; file: FileView }
  | { type: 'failed'; key: string; message: string }
  | { type: 'retry'; key: string }
  | { type: 'remove'; key: string };

export function uploadReducer(rows: UploadRow[], action: UploadAction): UploadRow[] {
  switch (action.type) {
    case 'add':
      if (rows.some((r) => r.key === action.key)) return rows;
      return [...rows, { key: action.key, name: action.name, size: action.size, status: 'uploading', percent: 0, error: null, file: null }];
    case 'progress':
      return rows.map((r) =>
        r.key === action.key && r.status === 'uploading' ? { ...r, percent: Math.max(r.percent, Math.min(100, Math.floor(action.percent))) } : r,
      );
    case 'uploaded':
      return rows.map((r) => (r.key === action.key && r.status === 'uploading' ? { ...r, status: 'uploaded', percent: 100, error: null, file: action.file } : r));
    case 'failed':
      return rows.map((r) => (r.key === action.key && r.status === 'uploading' ? { ...r, status: 'failed', error: action.message } : r));
    case 'retry':
      return rows.map((r) => (r.key === action.key && r.status === 'failed' ? { ...r, status: 'uploading', percent: 0, error: null } : r));
    case 'remove':
      return rows.filter((r) => r.key !== action.key);
  }
}

// The dropzone takes files until the list holds maxFiles of them (spec 01: default 1).
export function canAddMore(rows: UploadRow[], maxFiles: number): boolean {
  return rows.length < Math.max(1, maxFiles);
}

// What a row says about itself, for its status line.
export function rowStatusText(row: UploadRow): string {
  if (row.status === 'uploaded') return 'Uploaded';
  if (row.status === 'failed') return row.error || 'Fail to upload try again';
  // Every byte is sent; the server is checking the file (ffprobe, poster) before it answers.
  if (row.percent >= 100) return 'Processing…';
  return 'Uploading…';
}
