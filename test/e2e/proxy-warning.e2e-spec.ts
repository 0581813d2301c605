// Behind a proxy without TRUST_PROXY every user shares the proxy's address (one sign-in limit
// for everybody): the app says so in its log, once, when the first forwarded request arrives.
import { Logger } from '@nestjs/common';
import { jest } from '@jest/globals';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app.js';
import { FORWARDED_FOR_IGNORED_WARNING } from '../../src/common/forwarded-for-warning.js';

let t: TestApp;
let warn: jest.SpiedFunction<Logger['warn']>;

beforeAll(async () => {
  warn = jest.spyOn(Logger.prototype, 'warn');
  t = await startTestApp({ TRUST_PROXY: undefined });
}, 120_000);
afterAll(async () => {
  warn.mockRestore();
  await t?.close();
});

const proxyWarnings = () => warn.mock.calls.filter((args: unknown[]) => args[0] === FORWARDED_FOR_IGNORED_WARNING);

it('warns once when requests carry X-Forwarded-For while TRUST_PROXY is off', async () => {
  await request(t.app.getHttpServer()).get('/api/health').expect(200);
  expect(proxyWarnings()).toHaveLength(0);
  for (const ip of ['203.0.113.5', '203.0.113.6', '203.0.113.7']) {
    await request(t.app.getHttpServer()).get('/api/health').set('X-Forwarded-For', ip).expect(200);
  }
  expect(proxyWarnings()).toHaveLength(1);
});
