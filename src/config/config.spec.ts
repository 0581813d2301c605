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

describe('UPLOAD_IDLE_TIMEOUT_SECONDS', () => {
  it('defaults to 30 seconds and takes whole seconds from 1 to 3600', () => {
    expect(loadConfig({}).uploadIdleTimeoutMs).toBe(30_000);
    expect(loadConfig({ UPLOAD_IDLE_TIMEOUT_SECONDS: '5' }).uploadIdleTimeoutMs).toBe(5_000);
    for (const bad of ['0', '1.5', 'soon', '3601']) expect(() => loadConfig({ UPLOAD_IDLE_TIMEOUT_SECONDS: bad })).toThrow(/UPLOAD_IDLE_TIMEOUT_SECONDS/);
  });
});
