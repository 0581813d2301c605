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
