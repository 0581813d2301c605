// Screen with a camera bubble: both videos drawn onto a canvas whose stream is recorded (the
// browser records one picture). The bubble is round, in the bottom-right corner, a fifth of the
// picture's height. Drawing keeps going while the page is in the background (timers there run
// at least once a second; the screen share itself keeps the tab awake in Chromium).
export interface Composite {
  stream: MediaStream;
  stop: () => void;
}

function playing(stream: MediaStream): HTMLVideoElement {
  const v = document.createElement('video');
  v.muted = true;
  v.playsInline = true;
  v.srcObject = stream;
  void v.play().catch(() => undefined);
  return v;
}

export function compositeScreenAndCamera(screen: MediaStream, camera: MediaStream, fps = 30): Composite {
  const screenVideo = playing(screen);
  const cameraVideo = playing(camera);
  const settings = screen.getVideoTracks()[0]?.getSettings() ?? {};
  // at most 1920 wide: bigger only costs the upload, the email is 600-800 px
  const scale = Math.min(1, 1920 / (settings.width || 1280));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(((settings.width || 1280) * scale) / 2) * 2;
  canvas.height = Math.round(((settings.height || 720) * scale) / 2) * 2;
  const ctx = canvas.getContext('2d')!;
  let stopped = false;
  const draw = () => {
    if (stopped) return;
    const { width: w, height: h } = canvas;
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, w, h);
    if (screenVideo.videoWidth) ctx.drawImage(screenVideo, 0, 0, w, h);
    if (cameraVideo.videoWidth) {
      const d = Math.round(h / 5);
      const x = w - d - Math.round(h / 30);
      const y = h - d - Math.round(h / 30);
      // the camera's middle square, mirrored like a mirror
      const side = Math.min(cameraVideo.videoWidth, cameraVideo.videoHeight);
      ctx.save();
      ctx.beginPath();
      ctx.arc(x + d / 2, y + d / 2, d / 2, 0, Math.PI * 2);
      ctx.clip();
      ctx.translate(x + d, y);
      ctx.scale(-1, 1);
      ctx.drawImage(cameraVideo, (cameraVideo.videoWidth - side) / 2, (cameraVideo.videoHeight - side) / 2, side, side, 0, 0, d, d);
      ctx.restore();
      ctx.lineWidth = Math.max(2, Math.round(h / 240));
      ctx.strokeStyle = '#fff';
      ctx.beginPath();
      ctx.arc(x + d / 2, y + d / 2, d / 2, 0, Math.PI * 2);
      ctx.stroke();
    }
  };
  const timer = window.setInterval(draw, Math.round(1000 / fps));
  draw();
  const stream = canvas.captureStream(fps);
  return {
    stream,
    stop: () => {
      stopped = true;
      window.clearInterval(timer);
      stream.getTracks().forEach((t) => t.stop());
      screenVideo.srcObject = null;
      cameraVideo.srcObject = null;
    },
  };
}
