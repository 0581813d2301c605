import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { MediaService } from './media.service.js';
import type { StorageAdapter, StoredObject } from './storage.adapter.js';

const KEY = 'f/0b7c6c55-3a7e-4a53-9a57-1c7f2a3d9e10/5f0e8a7e-8d1b-4a8e-b1c4-2b9d0c6e7f11.jpg';

// A local storage whose one object is the file at `file` (stat reads it; a deleted file is missing).
function storageOf(file: string, statAnyway: StoredObject | null = null): StorageAdapter {
  return {
    kind: 'local',
    stat: async () => {
      if (statAnyway) return statAnyway;
      const st = await fs.promises.stat(file).catch(() => null);
      return st && { size: st.size, contentType: 'image/jpeg', updatedAt: st.mtime, etag: `"${st.size}-${st.mtimeMs}"` };
    },
    createReadStream: (_key: string, range: { start?: number; end?: number } = {}) => fs.createReadStream(file, { start: range.start, end: range.end }),
  } as unknown as StorageAdapter;
}

const serve = (storage: StorageAdapter) => {
  const media = new MediaService(storage);
  return express().get('/media/*key', (req, res) => void media.send((req.params as { key: string[] }).key.join('/'), req, res));
};

describe('MediaService', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-spec-'));
  const file = path.join(dir, 'picture.jpg');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sends a stored file whole and in ranges', async () => {
    fs.writeFileSync(file, Buffer.from('0123456789'));
    const app = serve(storageOf(file));
    const whole = await request(app).get(`/media/${KEY}`).buffer(true);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.from(whole.body as Buffer).toString()).toBe('0123456789');
    const part = await request(app).get(`/media/${KEY}`).set('Range', 'bytes=2-4').buffer(true);
    expect(part.status).toBe(206);
    expect(Buffer.from(part.body as Buffer).toString()).toBe('234');
  });

  // Found in CI: a picture deleted (its upload cancelled) between the look-up and the read was
  // answered by a reset connection, not a 404.
  it('answers 404 for a file deleted between its look-up and its read, never a reset connection', async () => {
    fs.writeFileSync(file, Buffer.from('0123456789'));
    const found = await storageOf(file).stat(KEY);
    fs.rmSync(file);
    const res = await request(serve(storageOf(file, found))).get(`/media/${KEY}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ result: false, message: 'Not found.', body: null, errors: null });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-range']).toBeUndefined();
  });
});
