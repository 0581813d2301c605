import type { Request } from 'express';

// A load of the public viewer page, as the snippets module tells the tracking module about it (the
// tracking module provides VIEWER_VISITS; snippets cannot import tracking, which imports snippets).

export interface Visitor {
  at: Date;
  method: string;
  // Express's req.ip: X-Forwarded-For counts only when TRUST_PROXY is set.
  ip: string | null;
  userAgent: string | null;
}

export interface ViewerVisit {
  snippetId: string;
  page: 'live' | 'web-view';
  // the v= value, already read
  receiver: string | null;
  // v= was a merge tag the platform never filled in: a test visit
  unfilledTag?: boolean;
  visitor: Visitor;
}

export interface ViewerVisits {
  // Resolves once the visit is stored (or its write failed); never rejects.
  record(visit: ViewerVisit): Promise<unknown>;
}

export const VIEWER_VISITS = 'ViewerVisits';

export function visitorOf(req: Request): Visitor {
  return { at: new Date(), method: req.method, ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null };
}
