import type { NextFunction, Request, Response } from 'express';
import { FORWARDED_FOR_IGNORED_WARNING, forwardedForIgnored, forwardedForWarning } from './forwarded-for-warning.js';

describe('X-Forwarded-For without TRUST_PROXY', () => {
  it('is ignored only when the header is there and the proxy is not trusted', () => {
    expect(forwardedForIgnored({ 'x-forwarded-for': '203.0.113.9' }, false)).toBe(true);
    expect(forwardedForIgnored({ 'x-forwarded-for': '203.0.113.9' }, true)).toBe(false);
    expect(forwardedForIgnored({}, false)).toBe(false);
    expect(forwardedForIgnored({ 'x-forwarded-for': ' ' }, false)).toBe(false);
  });

  it('warns once, on the first request that carries it, and lets every request through', () => {
    const warnings: string[] = [];
    const middleware = forwardedForWarning(false, (m) => warnings.push(m));
    let passed = 0;
    const next: NextFunction = () => void (passed += 1);
    const req = (headers: Record<string, string>) => ({ headers }) as unknown as Request;
    middleware(req({}), {} as Response, next);
    expect(warnings).toEqual([]);
    for (let i = 0; i < 3; i++) middleware(req({ 'x-forwarded-for': '203.0.113.9' }), {} as Response, next);
    expect(warnings).toEqual([FORWARDED_FOR_IGNORED_WARNING]);
    expect(passed).toBe(4);
  });

  it('never warns when TRUST_PROXY is on', () => {
    const warnings: string[] = [];
    forwardedForWarning(true, (m) => warnings.push(m))({ headers: { 'x-forwarded-for': '203.0.113.9' } } as unknown as Request, {} as Response, () => undefined);
    expect(warnings).toEqual([]);
  });
});
