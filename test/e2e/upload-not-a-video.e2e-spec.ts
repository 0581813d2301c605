// A file that is not a video but has a video's name (a PDF renamed x.mp4) is told so, through
// POST /api/files and through the resumable (tus) upload alike; a wrong extension keeps the
// spec's message (spec 01: 'Please upload .mp4 or .mov file only').
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, type Client, type SignedUpUser } from '../support/account-factory.js';
import { leftoverUploads, storedObjects, upload } from '../support/upload-fixtures.js';

const NOT_A_VIDEO = 'This file is not a video we can read. Please upload an .mp4 or .mov file.';
const WRONG_EXTENSION = 'Please upload .mp4 or .mov file only';

// The opening of a PDF (its magic bytes), a page of text, and its end.
const PDF = Buffer.from(`%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n${'BT /F1 12 Tf (quarterly figures) Tj ET\n'.repeat(60)}%%EOF\n`, 'latin1');

function metadata(m: Record<string, string>): string {
  return Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
}

function createUpload(client: Client, fileName: string, length: number) {
  return client
    .post('/api/files/uploads')
    .set('Tus-Resumable', '1.0.0')
    .set('Upload-Metadata', metadata({ type: 'video', filename: fileName, filetype: 'video/mp4' }))
    .set('Upload-Length', String(length));
}

describe('a file that is not a video, named like one', () => {
  let t: TestApp;
  let ann: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    ann = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is told it is not a video EyeMail can read (POST /api/files), and nothing stays', async () => {
    const before = storedObjects(t);
    const res = await upload(ann.client, 'video', PDF, 'x.mp4', 'video/mp4');
    expect({ status: res.status, body: res.body }).toEqual({ status: 415, body: { result: false, message: NOT_A_VIDEO, body: null, errors: null } });
    expect(storedObjects(t)).toEqual(before);
    expect(leftoverUploads(t)).toEqual([]);
  });

  it('is told the same on the last byte of a resumable upload', async () => {
    const before = storedObjects(t);
    const created = await createUpload(ann.client, 'x.mp4', PDF.length);
    expect(created.status).toBe(201);
    const res = await ann.client
      .patch(created.headers.location as string)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(PDF);
    expect({ status: res.status, body: JSON.parse(res.text) }).toEqual({ status: 415, body: { result: false, message: NOT_A_VIDEO, body: null, errors: null } });
    expect(storedObjects(t)).toEqual(before);
  });

  it('keeps the extension message for a wrong extension, both ways', async () => {
    const multipart = await upload(ann.client, 'video', PDF, 'x.pdf', 'application/pdf');
    expect({ status: multipart.status, message: multipart.body.message }).toEqual({ status: 415, message: WRONG_EXTENSION });
    const resumable = await createUpload(ann.client, 'x.pdf', PDF.length);
    expect({ status: resumable.status, message: resumable.body.message }).toEqual({ status: 415, message: WRONG_EXTENSION });
  });
});
