// Email verification and password reset as RecoveryService decides them, with its tokens kept by
// the real AuthTokensService over an in-memory token table, and users, mail, password hashing,
// rate limits and sessions replaced by fakes (their own behaviour is tested on a database and
// through HTTP in test/e2e).
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/config.js';
import type { RateLimiter } from '../common/rate-limit.service.js';
import type { PgSessionStore } from '../common/session-store.js';
import type { MailService } from '../mail/mail.service.js';
import type { MailContent } from '../mail/mail-views.js';
import type { AuthToken } from './auth-token.entity.js';
import type { AuthTokenRepository, NewAuthToken } from './auth-token.repository.js';
import { AuthTokensService } from './auth-tokens.service.js';
import type { PasswordHasher } from './password-hasher.js';
import { RecoveryService } from './recovery.service.js';
import type { UsersService } from './users.service.js';

const HOUR = 3_600_000;

// auth_token as a list; markUsedIfOpen is the guarded update (unused and unexpired only).
class FakeTokenRepository {
  readonly rows: AuthToken[] = [];
  async insert(fields: NewAuthToken) {
    this.rows.push({ ...fields, id: randomUUID(), createdAt: new Date(), usedAt: null } as AuthToken);
  }
  async findByHash(tokenHash: string, purpose: string) {
    return this.rows.find((t) => t.tokenHash === tokenHash && t.purpose === purpose) ?? null;
  }
  async findUnused(userId: string, purpose: string) {
    return this.rows.filter((t) => t.userId === userId && t.purpose === purpose && !t.usedAt);
  }
  async markUsedIfOpen(id: string) {
    const t = this.rows.find((r) => r.id === id && !r.usedAt && r.expiresAt.getTime() > Date.now());
    if (t) t.usedAt = new Date();
    return Boolean(t);
  }
}

type FakeUser = { id: string; email: string; firstName: string; isActive: boolean; emailVerifiedAt: Date | null; passwordHash: string; passwordChangedAt: Date | null };

function setUp(opts: { mailFails?: boolean; mailsAllowed?: number } = {}) {
  const user: FakeUser = { id: randomUUID(), email: 'ada@example.com', firstName: 'Ada', isActive: true, emailVerifiedAt: null, passwordHash: 'old-hash', passwordChangedAt: null };
  const tokens = new FakeTokenRepository();
  const mails: { to: string; content: MailContent }[] = [];
  const endedSessions: string[] = [];
  let flushes = 0;
  let mailsAllowed = opts.mailsAllowed ?? Infinity;
  const users = { findById: async (id: string) => (id === user.id ? user : null), findByEmail: async (e: string) => (e === user.email ? user : null) } as unknown as UsersService;
  const mail = {
    send: async (to: string, content: MailContent) => {
      if (opts.mailFails) throw new Error('SMTP down');
      mails.push({ to, content });
    },
  } as unknown as MailService;
  const limiter = { consume: async () => undefined, allow: async () => mailsAllowed-- > 0 } as unknown as RateLimiter;
  const service = new RecoveryService(
    { publicBaseUrl: 'https://eyemail.example' } as AppConfig,
    { flush: async () => void flushes++ } as unknown as EntityManager,
    users,
    new AuthTokensService(tokens as unknown as AuthTokenRepository),
    mail,
    { hash: async (p: string) => `hash(${p})` } as unknown as PasswordHasher,
    limiter,
    { destroyForUser: async (id: string) => void endedSessions.push(id) } as unknown as PgSessionStore,
  );
  // The token of the last mail's link.
  const lastLinkToken = () => new URL(mails.at(-1)!.content.links[0]!).searchParams.get('token')!;
  // The reset mail goes out after the answer: wait for it as shutting down does.
  const forgot = async (email: string) => {
    await service.forgotPassword(email, '203.0.113.7');
    await service.onApplicationShutdown();
  };
  return { service, user, tokens, mails, endedSessions, flushes: () => flushes, lastLinkToken, forgot };
}

describe('RecoveryService: email verification', () => {
  it('verifies the address by the mailed link, once; a second click says it is already verified', async () => {
    const { service, user, lastLinkToken, mails } = setUp();
    expect(await service.sendVerification(user)).toBe(true);
    expect(mails[0]!.to).toBe('ada@example.com');
    expect(mails[0]!.content.links[0]).toMatch(/^https:\/\/eyemail\.example\/emailverification\?token=/);
    const raw = lastLinkToken();
    expect(await service.verifyEmail(raw)).toEqual({ alreadyVerified: false });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await service.verifyEmail(raw)).toEqual({ alreadyVerified: true });
  });

  it('a used link, or none, is invalid while the address is unverified', async () => {
    const { service, user, tokens, lastLinkToken } = setUp();
    await service.sendVerification(user);
    tokens.rows[0]!.usedAt = new Date();
    await expect(service.verifyEmail(lastLinkToken())).rejects.toThrow('This verification link is invalid or has expired.');
    await expect(service.verifyEmail('not-a-token')).rejects.toThrow('This verification link is invalid or has expired.');
    expect(user.emailVerifiedAt).toBeNull();
  });

  it('says so when the verification mail cannot be sent, and refuses a resend to a verified address', async () => {
    const failing = setUp({ mailFails: true });
    expect(await failing.service.sendVerification(failing.user)).toBe(false);
    await expect(failing.service.resendVerification(failing.user.id)).rejects.toThrow();
    const { service, user } = setUp();
    user.emailVerifiedAt = new Date();
    await expect(service.resendVerification(user.id)).rejects.toThrow('Your email address is already verified.');
  });
});

describe('RecoveryService: password reset', () => {
  it('mails a reset link to an active account only, and never more than the hourly limit', async () => {
    const { mails, forgot } = setUp({ mailsAllowed: 1 });
    await forgot('nobody@example.com');
    expect(mails).toEqual([]);
    await forgot('ada@example.com');
    expect(mails.map((m) => m.content.subject)).toEqual(['Reset your EyeMail password']);
    await forgot('ada@example.com');
    expect(mails).toHaveLength(1);
    const inactive = setUp();
    inactive.user.isActive = false;
    await inactive.forgot('ada@example.com');
    expect(inactive.mails).toEqual([]);
  });

  it('sets the new password, uses up the link and older ones, verifies the address and ends every session', async () => {
    const { service, user, tokens, endedSessions, lastLinkToken, forgot, flushes } = setUp();
    await forgot('ada@example.com');
    const older = lastLinkToken();
    await forgot('ada@example.com');
    const raw = lastLinkToken();
    await service.validateResetToken(raw);
    await service.resetPassword({ token: raw, password: 'NewPassword1' } as never);
    expect(user.passwordHash).toBe('hash(NewPassword1)');
    expect(user.passwordChangedAt).toBeInstanceOf(Date);
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(tokens.rows.every((t) => t.usedAt)).toBe(true);
    expect(endedSessions).toEqual([user.id]);
    expect(flushes()).toBeGreaterThan(0);
    const used = 'This password reset link has already been used, or a newer one was sent. Ask for a new link if you still need to reset your password.';
    await expect(service.resetPassword({ token: raw, password: 'Another1' } as never)).rejects.toThrow(used);
    await expect(service.validateResetToken(older)).rejects.toThrow(used);
    expect(user.passwordHash).toBe('hash(NewPassword1)');
  });

  it('says an expired link has expired, and an inactive account has no usable link', async () => {
    const { service, user, tokens, lastLinkToken, forgot } = setUp();
    await forgot('ada@example.com');
    const raw = lastLinkToken();
    tokens.rows[0]!.expiresAt = new Date(Date.now() - HOUR);
    await expect(service.resetPassword({ token: raw, password: 'NewPassword1' } as never)).rejects.toThrow('This password reset link has expired: links work for one hour.');
    tokens.rows[0]!.expiresAt = new Date(Date.now() + HOUR);
    user.isActive = false;
    await expect(service.validateResetToken(raw)).rejects.toThrow('This password reset link is invalid or has expired.');
    expect(user.passwordHash).toBe('old-hash');
  });
});
