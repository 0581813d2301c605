// Fair use of the encoder through HTTP on the real app, on BullMQ (when REDIS_URL is set): the
// tests of test/support/fair-use.ts, which videos-fair-use runs on the in-process queue.
import { jest } from '@jest/globals';
import { describeFairUse } from '../support/fair-use.js';

jest.setTimeout(240_000);

const REDIS_URL = process.env.REDIS_URL;

if (REDIS_URL) describeFairUse('bullmq', { REDIS_URL });
else describe.skip('fair use of the encoder (bullmq): skipped because REDIS_URL is not set', () => it('runs against Redis', () => undefined));
