// Create EyeMail opened from My Videos' "Use in a new EyeMail" (?video=<file id>): that video is
// chosen once the library answers. An id that is not among the user's videos is ignored.
import { useEffect, useRef } from 'react';
import { useVideos } from '@/lib/api/get-videos';
import type { FileRef } from './snippet-form';

export function videoIdFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get('video');
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id.toLowerCase() : null;
}

export function useVideoFromLibrary(search: string, choose: (video: FileRef) => void): void {
  const wanted = videoIdFromSearch(search);
  const videos = useVideos({ enabled: wanted !== null });
  const chooseRef = useRef(choose);
  chooseRef.current = choose;
  useEffect(() => {
    if (!wanted || !videos.data) return;
    const item = videos.data.find((v) => v.file.fileId.toLowerCase() === wanted);
    if (!item) return;
    chooseRef.current({ fileId: item.file.fileId, url: item.file.url, name: item.fileName || item.file.fileName, thumbnailUrl: item.file.thumbnailUrl });
  }, [wanted, videos.data]);
}
