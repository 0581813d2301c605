// The recorder's upload as the dashboard sends it (tus, length deferred, source=recorder), in two
// pieces, the length on the last; resolves with the server's answer to the last piece.
import type { SignedUpUser } from './account-factory.js';

export async function recorderUpload(user: SignedUpUser, bytes: Buffer, fileName: string, fileType: string) {
  const b64 = (v: string) => Buffer.from(v).toString('base64');
  const meta = `type ${b64('video')},filename ${b64(fileName)},filetype ${b64(fileType)},source ${b64('recorder')}`;
  const created = await user.client.post('/api/files/uploads').set('Tus-Resumable', '1.0.0').set('Upload-Defer-Length', '1').set('Upload-Metadata', meta);
  if (created.status !== 201) throw new Error(`The recorder's upload was not created: ${created.status} ${created.text}`);
  const location = created.headers.location as string;
  const half = Math.floor(bytes.length / 2);
  const piece = (offset: number, body: Buffer, extra: Record<string, string> = {}) => {
    const req = user.client.patch(location).set('Tus-Resumable', '1.0.0').set('Upload-Offset', String(offset)).set('Content-Type', 'application/offset+octet-stream');
    for (const [k, v] of Object.entries(extra)) req.set(k, v);
    return req.send(body);
  };
  const first = await piece(0, bytes.subarray(0, half));
  if (first.status !== 204) throw new Error(`The recorder's first piece was refused: ${first.status} ${first.text}`);
  const last = await piece(half, bytes.subarray(half), { 'Upload-Length': String(bytes.length) });
  return Object.assign(last, { location });
}
