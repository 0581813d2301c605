import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { capturedHeaders, flatHeaders, setHeaders } from './captured-headers.js';

describe('capturedHeaders', () => {
  it('sets exactly the headers helmet sets on a real response', async () => {
    const middleware = helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'https:'] } }, strictTransportSecurity: false });
    const captured = capturedHeaders(middleware);
    const withHelmet = express().use(middleware).get('/x', (_req, res) => void res.end('x'));
    const withCaptured = express().get('/x', (_req, res) => (setHeaders(res, captured), void res.end('x')));
    const strip = (h: Record<string, unknown>) => {
      const rest = { ...h };
      for (const k of ['date', 'connection', 'keep-alive', 'x-powered-by', 'content-length', 'transfer-encoding']) delete rest[k];
      return rest;
    };
    const a = await request(withHelmet).get('/x');
    const b = await request(withCaptured).get('/x');
    expect(strip(b.headers)).toEqual(strip(a.headers));
    expect(b.headers['content-security-policy']).toContain("img-src 'self' https:");
    expect(b.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a middleware that does not call next at once', () => {
    expect(() => capturedHeaders(() => undefined)).toThrow(/cannot be captured/);
  });
});

describe('flatHeaders', () => {
  it('gives the headers as one flat list, a list value repeated', () => {
    expect(flatHeaders([['X-A', 'a'], ['Content-Length', 43], ['Link', ['<a>', '<b>']]])).toEqual(['X-A', 'a', 'Content-Length', '43', 'Link', '<a>', 'Link', '<b>']);
  });
});
