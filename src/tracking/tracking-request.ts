import type { Request, Response } from 'express';
import type { TrackingRequest } from './ingest.service.js';

// Hits from mail clients, their proxies and the viewer's beacon: nothing is cached, so every open
// and click reaches us (no cookie is set either: common/no-cookies.middleware.ts). The address is
// Express's req.ip: X-Forwarded-For counts only when TRUST_PROXY is set.
export function trackingRequest(req: Request, res: Response): TrackingRequest {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  return { at: new Date(), method: req.method, ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null };
}
