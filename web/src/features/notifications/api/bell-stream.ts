import { useEffect, useRef, useState } from 'react';
import { parseUnread } from '../utils/bell-stream';

export const BELL_STREAM_URL = '/api/notifications/stream';

// The server's live unread count (server-sent events): `onCount` hears the count at connect and
// on every change; the result says whether the stream is open (the bell then does not poll).
// Open only while the tab is shown (a hidden tab needs no live count, and over HTTP/1.1 each
// open stream holds one of the browser's few connections to the server). The browser connects
// again by itself after a dropped connection; a refusal (signed out, a 401; too many streams, a
// 429) closes it for good, and the bell polls until the tab is shown again.
export function useBellStream(onCount: (count: number) => void): boolean {
  const [live, setLive] = useState(false);
  const listener = useRef(onCount);
  listener.current = onCount;

  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    const open = () => {
      if (source || document.visibilityState === 'hidden') return;
      const s = new EventSource(BELL_STREAM_URL);
      source = s;
      s.addEventListener('open', () => setLive(true));
      s.addEventListener('unread', (e) => {
        const count = parseUnread((e as MessageEvent).data);
        if (count !== null) listener.current(count);
      });
      s.addEventListener('error', () => {
        setLive(false);
        if (s.readyState === EventSource.CLOSED && source === s) source = null;
      });
    };
    const close = () => {
      source?.close();
      source = null;
      setLive(false);
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? close() : open());
    open();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      close();
    };
  }, []);

  return live;
}
