// The upload machinery behind every upload control: checks a chosen file, resizes photos, sends
// it with real progress, and lets the user cancel, retry or remove it. Used by <FileUpload> and by
// the profile picture block, which only differ in how they look.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FileKind, FileView } from '@shared/api-types';
import { uploadFile } from '@/lib/api/upload-file';
import { ResumableUploadError, startResumableUpload } from '@/lib/resumable-upload';
import { FILES_KEY } from '@/lib/api/get-videos';
import { toast } from '@/components/toasts';
import { resizeImageToJpeg } from './resize-image';
import { checkFile, shouldResize, UPLOAD_MESSAGES, type UploadRules } from './upload-rules';
import { canAddMore, uploadReducer, type UploadRow } from './upload-state';

export interface UseFileUploadsOptions {
  fileType: FileKind;
  rules: UploadRules;
  maxFiles?: number;
  resizeImages?: boolean;
  // Extra query parameters for POST files.
  query?: Record<string, string | number | boolean | null | undefined>;
  onUploaded?: (file: FileView) => void;
  onRemoved?: (file: FileView | null) => void;
}

export interface FileUploads {
  rows: UploadRow[];
  // The message of the last refused file, cleared by the next good one.
  error: string | null;
  full: boolean;
  busy: boolean;
  addFiles: (files: File[]) => void;
  cancel: (key: string) => void;
  retry: (key: string) => void;
  remove: (key: string) => void;
  reset: () => void;
}

let counter = 0;
const nextKey = () => `u${Date.now().toString(36)}${(counter++).toString(36)}`;

export function useFileUploads(options: UseFileUploadsOptions): FileUploads {
  const { fileType, rules, maxFiles = 1, resizeImages = false } = options;
  const queryClient = useQueryClient();
  const [rows, dispatch] = useReducer(uploadReducer, []);
  const [error, setError] = useState<string | null>(null);
  // Per row: the file to send again on retry, and the abort of its request in flight (and, for a
  // resumable video, how to stop it without losing what the server holds: leaving the page).
  const files = useRef(new Map<string, File>());
  const aborts = useRef(new Map<string, () => void>());
  const pauses = useRef(new Map<string, () => void>());
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  // The latest callbacks, so an upload that ends after a re-render calls the current ones.
  const latest = useRef(options);
  latest.current = options;

  const send = useCallback(
    async (key: string, original: File) => {
      let body: File = original;
      if (shouldResize(original, resizeImages)) body = await resizeImageToJpeg(original);
      // Cancelled while resizing.
      if (!files.current.has(key)) return;
      // Videos go over tus: a dropped connection resumes, and so does the same file picked
      // again after a reload.
      if (fileType === 'video') {
        const resumable = startResumableUpload({
          input: body,
          source: 'file',
          filename: body.name,
          filetype: body.type,
          onProgress: (percent) => dispatch({ type: 'progress', key, percent }),
        });
        aborts.current.set(key, () => void resumable.abort());
        pauses.current.set(key, () => void resumable.pause());
        let file: FileView;
        try {
          file = await resumable.done;
        } catch (e) {
          if ((e instanceof ResumableUploadError && e.aborted) || !files.current.has(key)) return;
          dispatch({ type: 'failed', key, message: e instanceof Error && e.message ? e.message : UPLOAD_MESSAGES.failed });
          return;
        } finally {
          aborts.current.delete(key);
          pauses.current.delete(key);
        }
        if (!files.current.has(key)) return;
        dispatch({ type: 'uploaded', key, file });
        void queryClient.invalidateQueries({ queryKey: FILES_KEY });
        latest.current.onUploaded?.(file);
        return;
      }
      const handle = uploadFile(
        fileType,
        body,
        { query: latest.current.query, onProgress: (percent) => dispatch({ type: 'progress', key, percent }) },
        body.name,
      );
      aborts.current.set(key, handle.abort);
      const res = await handle.promise;
      aborts.current.delete(key);
      if (res.aborted || !files.current.has(key)) return;
      if (res.result && res.body?.fileId) {
        dispatch({ type: 'uploaded', key, file: res.body });
        // A new video belongs in the library lists from now on.
        void queryClient.invalidateQueries({ queryKey: FILES_KEY });
        latest.current.onUploaded?.(res.body);
      } else {
        dispatch({ type: 'failed', key, message: res.message || UPLOAD_MESSAGES.failed });
      }
    },
    [fileType, resizeImages, queryClient],
  );

  const addFiles = useCallback(
    (chosen: File[]) => {
      if (!chosen[0]) {
        setError(UPLOAD_MESSAGES.failed);
        return;
      }
      // One file per pick for single uploads (spec 01 section 5); a multi-file control takes as
      // many of the dropped files as it has room for.
      const room = Math.max(1, maxFiles) - rowsRef.current.length;
      const taking = maxFiles > 1 ? chosen.slice(0, Math.max(0, room)) : chosen.slice(0, 1);
      let listed = rowsRef.current;
      for (const file of taking) {
        if (!canAddMore(listed, maxFiles)) return;
        const problem = checkFile(file, rules, listed);
        if (problem) {
          setError(problem.message);
          if (problem.invalidType) toast.error(`Allowed: ${rules.extensions.join(', ')}`, UPLOAD_MESSAGES.invalidType);
          continue;
        }
        setError(null);
        const key = nextKey();
        files.current.set(key, file);
        dispatch({ type: 'add', key, name: file.name, size: file.size });
        // Seen by the next file of this drop (duplicates, room) before React re-renders.
        listed = [...listed, { key, name: file.name, size: file.size, status: 'uploading', percent: 0, error: null, file: null }];
        rowsRef.current = listed;
        void send(key, file);
      }
    },
    [maxFiles, rules, send],
  );

  const cancel = useCallback((key: string) => {
    files.current.delete(key);
    aborts.current.get(key)?.();
    aborts.current.delete(key);
    dispatch({ type: 'remove', key });
  }, []);

  const retry = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      dispatch({ type: 'retry', key });
      void send(key, file);
    },
    [send],
  );

  const remove = useCallback((key: string) => {
    const row = rowsRef.current.find((r) => r.key === key);
    files.current.delete(key);
    aborts.current.get(key)?.();
    aborts.current.delete(key);
    dispatch({ type: 'remove', key });
    setError(null);
    if (row?.status === 'uploaded') latest.current.onRemoved?.(row.file);
  }, []);

  // Forgets every row at once (no onRemoved): a new pick may follow in the same event.
  const reset = useCallback(() => {
    for (const row of rowsRef.current) {
      files.current.delete(row.key);
      aborts.current.get(row.key)?.();
      dispatch({ type: 'remove', key: row.key });
    }
    aborts.current.clear();
    pauses.current.clear();
    rowsRef.current = [];
    setError(null);
  }, []);

  // Leaving the page (or closing the modal) stops what is still being sent; a resumable video
  // keeps what the server holds, so choosing it again later goes on from there.
  useEffect(
    () => () => {
      const pending = aborts.current;
      const paused = pauses.current;
      files.current.clear();
      pending.forEach((abort, key) => (paused.get(key) ?? abort)());
      pending.clear();
      paused.clear();
    },
    [],
  );

  return {
    rows,
    error,
    full: !canAddMore(rows, maxFiles),
    busy: rows.some((r) => r.status === 'uploading'),
    addFiles,
    cancel,
    retry,
    remove,
    reset,
  };
}
