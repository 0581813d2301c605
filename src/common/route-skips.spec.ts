import type { Request, Response } from 'express';
import { isNeverStaticFile, isTrackingPath, unless } from './route-skips.js';

describe('isTrackingPath', () => {
  it('covers the open pixel and the click, with or without /api', () => {
    for (const p of ['/t/o/abc.gif', '/t/c/abc', '/T/O/abc.gif', '/api/t/c/abc']) expect([p, isTrackingPath(p)]).toEqual([p, true]);
  });
  it('leaves every other path alone', () => {
    for (const p of ['/', '/live/x', '/tracking', '/t', '/api/reports/updateduration', '/assets/t/x.js', '/media/t/a.mp4']) {
      expect([p, isTrackingPath(p)]).toEqual([p, false]);
    }
  });
});

describe('isNeverStaticFile', () => {
  it('covers the routes Nest answers outside the dashboard', () => {
    for (const p of ['/t/o/a.gif', '/live/x', '/livePreview/x', '/eyemail/x', '/emailpreview/x', '/media/v/a.mp4', '/api/health']) {
      expect([p, isNeverStaticFile(p)]).toEqual([p, true]);
    }
  });
  it('leaves files of the dashboard build to the static handler', () => {
    for (const p of ['/robots.txt', '/favicon.ico', '/assets/index.js', '/index.html', '/lively.png', '/apiary.txt']) {
      expect([p, isNeverStaticFile(p)]).toEqual([p, false]);
    }
  });
});

describe('unless', () => {
  it('runs the middleware except on the paths skipped', () => {
    const ran: string[] = [];
    const mw = unless(isTrackingPath, (req, _res, next) => (ran.push(req.path), next()));
    let nexts = 0;
    const next = () => void nexts++;
    mw({ path: '/t/o/a.gif' } as Request, {} as Response, next);
    mw({ path: '/live/x' } as Request, {} as Response, next);
    expect(ran).toEqual(['/live/x']);
    expect(nexts).toBe(2);
  });
});
