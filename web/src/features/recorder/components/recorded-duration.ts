// How long a recording really is, read from the file the browser made. Chrome's MediaRecorder
// writes WebM without a duration (the video element says Infinity until it has seen the end), so
// the element is sent past the end, which makes it find the last frame and report the length.
// Under load the file can be shorter than the page's clock (the camera delivered frames late), and
// the trim must offer what was recorded. Null when the browser cannot tell within `timeoutMs`.
export function recordedDuration(url: string, timeoutMs = 5000): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'metadata';
    let settled = false;
    const finish = (secs: number | null) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      resolve(secs);
    };
    const timer = window.setTimeout(() => finish(null), timeoutMs);
    const known = () => Number.isFinite(video.duration) && video.duration > 0;
    video.addEventListener('loadedmetadata', () => {
      if (known()) finish(video.duration);
      else video.currentTime = Number.MAX_SAFE_INTEGER;
    });
    video.addEventListener('durationchange', () => {
      if (known()) finish(video.duration);
    });
    video.addEventListener('error', () => finish(null));
    video.src = url;
  });
}
