import { isCookielessPath } from './no-cookies.middleware.js';

describe('isCookielessPath', () => {
  it('covers the public pages, media, assets, tracking and the viewer beacon', () => {
    for (const p of ['/live/x', '/eyemail/x', '/emailpreview/x', '/media/v/1/a.mp4', '/static/viewer/viewer.js', '/t/o/p.gif', '/api/t/c/1', '/api/reports/updateduration', '/api/public/snippets/1', '/LIVE/x']) {
      expect([p, isCookielessPath(p)]).toEqual([p, true]);
    }
  });
  it('leaves the dashboard, its API and the owner preview alone', () => {
    for (const p of ['/', '/videos', '/livePreview/x', '/api/health', '/api/accounts/trysignin', '/api/snippets', '/assets/index.js', '/lively', '/api/reports/list']) {
      expect([p, isCookielessPath(p)]).toEqual([p, false]);
    }
  });
});
