import { encodeCapRefusal, encodeJobId, outputKeys, parseEncodeRequest, ProgressThrottle, scaleEncodeProgress } from './encode-rules.js';
import { isValidJobId } from '../queue/queue-rules.js';
import { isValidStorageKey } from '../storage/storage-keys.js';

describe('encode request options', () => {
  it('defaults to no overlay at 600 px', () => {
    expect(parseEncodeRequest(undefined, undefined)).toEqual({ overlay: 'none', width: 600 });
    expect(parseEncodeRequest('', '')).toEqual({ overlay: 'none', width: 600 });
  });

  it('accepts black, white and none and widths 600-800', () => {
    expect(parseEncodeRequest('black', '800')).toEqual({ overlay: 'black', width: 800 });
    expect(parseEncodeRequest('White', ' 640 ')).toEqual({ overlay: 'white', width: 640 });
    expect(parseEncodeRequest('none', '600')).toEqual({ overlay: 'none', width: 600 });
  });

  it('refuses anything else with the message of the contract', () => {
    expect(parseEncodeRequest('red', undefined)).toEqual({ field: 'overlay', message: 'overlay must be black, white or none' });
    expect(parseEncodeRequest(['black', 'white'], undefined)).toMatchObject({ field: 'overlay' });
    for (const w of ['801', '599', '0', '-700', '700.5', '7e2', 'wide', ['700']]) {
      expect(parseEncodeRequest('none', w)).toEqual({ field: 'width', message: 'Video width can be up to 800px.' });
    }
  });
});

describe('encode request cut', () => {
  it('takes trimStart and trimEnd together as seconds', () => {
    expect(parseEncodeRequest(undefined, undefined, '1.5', '6')).toEqual({ overlay: 'none', width: 600, cut: { start: 1.5, end: 6 } });
    expect(parseEncodeRequest(undefined, undefined, undefined, '6')).toEqual({ overlay: 'none', width: 600, cut: { start: 0, end: 6 } });
  });
  it('takes a start alone as a cut to the end; refuses non-numbers, an end before the start and cuts under a second', () => {
    expect(parseEncodeRequest(undefined, undefined, '1', undefined)).toEqual({ overlay: 'none', width: 600, cut: { start: 1, end: 0 } });
    expect(parseEncodeRequest(undefined, undefined, 'soon', '5')).toEqual({ field: 'trimStart', message: 'Trim start and end must be numbers of seconds.' });
    expect(parseEncodeRequest(undefined, undefined, '1', '-5')).toMatchObject({ field: 'trimEnd' });
    expect(parseEncodeRequest(undefined, undefined, '1', ['5'])).toMatchObject({ field: 'trimEnd' });
    expect(parseEncodeRequest(undefined, undefined, '5', '2')).toEqual({ field: 'trimEnd', message: 'The trim must end after it starts.' });
    expect(parseEncodeRequest(undefined, undefined, '2', '2.5')).toEqual({ field: 'trimEnd', message: 'A trimmed video must be at least 1 second long.' });
  });
});

describe('encode job naming', () => {
  it('gives each encoding a job id the queues accept', () => {
    expect(isValidJobId(encodeJobId('6c9f2f4e-8c1a-4c59-9a53-1b1f0e7f3a10'))).toBe(true);
  });

  it('puts the outputs (the email MP4 without sound among them) under fresh, valid keys of the encoding', () => {
    let n = 0;
    const keys = outputKeys('6c9f2f4e-8c1a-4c59-9a53-1b1f0e7f3a10', () => `u${++n}`);
    expect(keys).toEqual({
      mp4: 'v/6c9f2f4e-8c1a-4c59-9a53-1b1f0e7f3a10/u1.mp4',
      emailMp4: 'v/6c9f2f4e-8c1a-4c59-9a53-1b1f0e7f3a10/u2.mp4',
      poster: 'v/6c9f2f4e-8c1a-4c59-9a53-1b1f0e7f3a10/u3.jpg',
      gif: 'v/6c9f2f4e-8c1a-4c59-9a53-1b1f0e7f3a10/u4.gif',
    });
    for (const k of Object.values(keys)) expect(isValidStorageKey(k)).toBe(true);
  });
});

describe('encode progress', () => {
  it('keeps the end of the bar for storing the outputs', () => {
    expect(scaleEncodeProgress(0)).toBe(0);
    expect(scaleEncodeProgress(50)).toBe(47);
    expect(scaleEncodeProgress(100)).toBe(95);
    expect(scaleEncodeProgress(250)).toBe(95);
    expect(scaleEncodeProgress(Number.NaN)).toBe(0);
  });

  it('writes a rise at most once per interval, the first one and 100 at once', () => {
    const t = new ProgressThrottle(500);
    expect(t.shouldWrite(2, 1000)).toBe(true);
    expect(t.shouldWrite(5, 1200)).toBe(false);
    expect(t.shouldWrite(9, 1499)).toBe(false);
    expect(t.shouldWrite(9, 1500)).toBe(true);
    expect(t.shouldWrite(9, 2500)).toBe(false);
    expect(t.shouldWrite(4, 2600)).toBe(false);
    expect(t.shouldWrite(100, 2601)).toBe(true);
  });
});

describe('encodes per account', () => {
  it('lets a request through below the cap', () => {
    expect(encodeCapRefusal(0, 5)).toBeNull();
    expect(encodeCapRefusal(4, 5)).toBeNull();
  });

  it('refuses at the cap, saying how many are encoding and what to do', () => {
    expect(encodeCapRefusal(5, 5)).toBe('You have 5 videos encoding. Wait for one to finish, then try again.');
    expect(encodeCapRefusal(1, 1)).toBe('You have 1 video encoding. Wait for one to finish, then try again.');
    // the cap was lowered while more were queued
    expect(encodeCapRefusal(7, 5)).toBe('You have 7 videos encoding. Wait for one to finish, then try again.');
  });

  it('names the workspace when its limit (its members together) is the one reached', () => {
    expect(encodeCapRefusal(4, 5, 'workspace')).toBeNull();
    expect(encodeCapRefusal(5, 5, 'workspace')).toBe('This workspace has 5 videos encoding. Wait for one to finish, then try again.');
    expect(encodeCapRefusal(1, 1, 'workspace')).toBe('This workspace has 1 video encoding. Wait for one to finish, then try again.');
  });
});
