import { cspDirectives, mediaOrigins } from './content-security-policy.js';

const local = { publicBaseUrl: 'http://localhost:3000', gcsBucket: null, gcsApiEndpoint: null };

describe('mediaOrigins', () => {
  it('names the public address (local media), its origin only', () => {
    expect(mediaOrigins(local)).toEqual(['http://localhost:3000']);
    expect(mediaOrigins({ ...local, publicBaseUrl: 'https://eyemail.example.com/app' })).toEqual(['https://eyemail.example.com']);
  });
  it('adds the bucket host with GCS: Google’s, or the configured endpoint', () => {
    expect(mediaOrigins({ ...local, gcsBucket: 'media' })).toEqual(['http://localhost:3000', 'https://storage.googleapis.com']);
    expect(mediaOrigins({ ...local, gcsBucket: 'media', gcsApiEndpoint: 'http://127.0.0.1:4443/storage' })).toEqual(['http://localhost:3000', 'http://127.0.0.1:4443']);
  });
});

describe('cspDirectives', () => {
  it('lets images, media and the dashboard’s reads come from the media origins', () => {
    const d = cspDirectives({ ...local, publicBaseUrl: 'http://192.168.1.20:3000', gcsBucket: 'media' });
    for (const name of ['imgSrc', 'mediaSrc', 'connectSrc']) {
      expect(d[name]).toEqual(expect.arrayContaining(["'self'", 'http://192.168.1.20:3000', 'https://storage.googleapis.com']));
    }
    expect(d.scriptSrc).toEqual(["'self'"]);
    expect(d.defaultSrc).toEqual(["'self'"]);
  });
});
