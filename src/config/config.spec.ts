import { ConfigError, DEFAULT_SUPPORT_EMAIL, loadConfig } from './config.js';

describe('SUPPORT_EMAIL', () => {
  it('defaults to the local support address (the outbox, like all mail without SMTP_URL)', () => {
    expect(loadConfig({}).supportEmail).toBe(DEFAULT_SUPPORT_EMAIL);
    expect(loadConfig({ SUPPORT_EMAIL: '  help@example.com ' }).supportEmail).toBe('help@example.com');
  });

  it('refuses anything but one address, naming the variable', () => {
    for (const bad of ['help', 'a@b', 'a@b.com, c@d.com', 'Help <help@example.com>']) {
      expect(() => loadConfig({ SUPPORT_EMAIL: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ SUPPORT_EMAIL: bad })).toThrow(/SUPPORT_EMAIL/);
    }
  });
});

describe('fair use limits', () => {
  it('defaults to 5 encodes queued or running per account and 100 uploads per hour', () => {
    expect(loadConfig({})).toMatchObject({ encodesPerAccount: 5, uploadsPerHour: 100 });
    expect(loadConfig({ ENCODES_PER_ACCOUNT: '12', UPLOADS_PER_HOUR: ' 30 ' })).toMatchObject({ encodesPerAccount: 12, uploadsPerHour: 30 });
  });

  it('refuses values that are not whole numbers in range, naming the variable', () => {
    for (const [name, bad] of [
      ['ENCODES_PER_ACCOUNT', '0'],
      ['ENCODES_PER_ACCOUNT', '2.5'],
      ['ENCODES_PER_ACCOUNT', 'many'],
      ['UPLOADS_PER_HOUR', '0'],
      ['UPLOADS_PER_HOUR', '-3'],
    ]) {
      expect(() => loadConfig({ [name]: bad })).toThrow(new RegExp(`${name} must be a whole number`));
    }
  });
});

describe('UPLOAD_IDLE_TIMEOUT_SECONDS', () => {
  it('defaults to 30 seconds and takes whole seconds from 1 to 3600', () => {
    expect(loadConfig({}).uploadIdleTimeoutMs).toBe(30_000);
    expect(loadConfig({ UPLOAD_IDLE_TIMEOUT_SECONDS: '5' }).uploadIdleTimeoutMs).toBe(5_000);
    for (const bad of ['0', '1.5', 'soon', '3601']) expect(() => loadConfig({ UPLOAD_IDLE_TIMEOUT_SECONDS: bad })).toThrow(/UPLOAD_IDLE_TIMEOUT_SECONDS/);
  });
});

describe('STORAGE_QUOTA_MB', () => {
  it('defaults to 5 GB per account and takes whole MB of 1024 x 1024 bytes', () => {
    expect(loadConfig({}).storageQuotaBytes).toBe(5 * 1024 ** 3);
    expect(loadConfig({ STORAGE_QUOTA_MB: '300' }).storageQuotaBytes).toBe(314_572_800);
    for (const bad of ['0', '1.5', 'lots', '-1']) expect(() => loadConfig({ STORAGE_QUOTA_MB: bad })).toThrow(/STORAGE_QUOTA_MB/);
  });
});

describe('COMPANY_SEATS', () => {
  it('defaults to 25 seats a company and takes a whole number from 1', () => {
    expect(loadConfig({}).companySeats).toBe(25);
    expect(loadConfig({ COMPANY_SEATS: '3' }).companySeats).toBe(3);
    for (const bad of ['0', '2.5', 'many', '-4', '100001']) expect(() => loadConfig({ COMPANY_SEATS: bad })).toThrow(/COMPANY_SEATS/);
  });
});

describe('INGEST_ASYNC_COMMIT', () => {
  it('is off unless asked for: a hit is answered once its batch is flushed to disk', () => {
    expect(loadConfig({}).ingestAsyncCommit).toBe(false);
    expect(loadConfig({ INGEST_ASYNC_COMMIT: 'true' }).ingestAsyncCommit).toBe(true);
    expect(() => loadConfig({ INGEST_ASYNC_COMMIT: 'sometimes' })).toThrow(/INGEST_ASYNC_COMMIT/);
  });
});
