import type { AppConfig } from '../config/config.js';

const GCS_PUBLIC_ORIGIN = 'https://storage.googleapis.com';

// Pure: the origins media is served from. Stored media URLs are absolute, on PUBLIC_BASE_URL (local
// media) or the bucket's host (GCS), so they are named even when the browser reached the app by
// another address ('self' is only the address in the address bar: a LAN IP, localhost vs
// 127.0.0.1, an internal host name behind a proxy), and even when they are plain http.
export function mediaOrigins(config: Pick<AppConfig, 'publicBaseUrl' | 'gcsBucket' | 'gcsApiEndpoint'>): string[] {
  const origins = [new URL(config.publicBaseUrl).origin];
  if (config.gcsBucket) origins.push(config.gcsApiEndpoint ? new URL(config.gcsApiEndpoint).origin : GCS_PUBLIC_ORIGIN);
  return [...new Set(origins)];
}

// Pure: the Content-Security-Policy directives (helmet's form) of every page.
export function cspDirectives(config: Pick<AppConfig, 'publicBaseUrl' | 'gcsBucket' | 'gcsApiEndpoint'>): Record<string, string[] | null> {
  const media = mediaOrigins(config);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", ...media, 'data:', 'blob:', 'https:'],
    mediaSrc: ["'self'", ...media, 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    // the dashboard reads media it shows (downloads, sizes) from the same origins
    connectSrc: ["'self'", ...media],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  };
}
