import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { PLAY_BODY_MAX_BYTES, PLAY_REPORT_MESSAGES as M } from './play-report.js';

// The play report's own body reader, ahead of the app's JSON and text parsers: the raw bytes
// whatever the content type (application/json, or text/plain from sendBeacon), at most 4 KB, so
// the controller can tell a bad body apart and answer a clear 400.
export const PLAY_REPORT_PATH = '/api/reports/updateduration';

export function playReportBodyParser(): RequestHandler[] {
  const raw = express.raw({ type: () => true, limit: PLAY_BODY_MAX_BYTES });
  const badBody = (err: { type?: string }, _req: Request, res: Response, next: NextFunction) => {
    if (!err) return next();
    const message = err.type === 'entity.too.large' ? M.tooLarge : M.notJson;
    res.status(400).setHeader('Cache-Control', 'no-store');
    res.json({ result: false, message, body: null, errors: null });
  };
  return [raw, badBody as unknown as RequestHandler];
}
