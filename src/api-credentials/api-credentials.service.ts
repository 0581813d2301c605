import { Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { AppSecretsService } from '../common/app-secrets.service.js';
import { ForbiddenError, RateLimitedError, UnauthenticatedError } from '../common/domain-error.js';
import { RateLimiter } from '../common/rate-limit.service.js';
import type { RateLimitPolicy } from '../common/rate-limit.js';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '../common/auth/api-access.js';
import { isUuid } from '../shared/uuid.js';
import type { CurrentWorkspace } from '../common/auth/auth-user.js';
import { ApiTokenRepository, type CallerRow } from './api-token.repository.js';
import { bearerToken, feedLinkKey, hashToken, looksLikeToken, sameKey, shouldTouch } from './api-token-rules.js';

export const API_TOKEN_MESSAGES = {
  invalid: 'This API token is not valid (it may have been revoked).',
  outOfScope: 'An API token only reads reports and feeds. Sign in to do anything else.',
  badFeedKey: 'This feed link is not valid any more (it may have been reset). Copy the current link from the feed page.',
  tooMany: 'Too many requests with this API token. Wait a minute and try again.',
  tooManyFeed: 'Too many requests with this feed link. Wait a minute and try again.',
} as const;

// Per token and per feed link, whatever the number of instances (counted in the database).
export const TOKEN_RATE: RateLimitPolicy = { name: 'api-token', limit: 120, windowSeconds: 60, message: API_TOKEN_MESSAGES.tooMany };
export const FEED_LINK_RATE: RateLimitPolicy = { name: 'feed-link', limit: 60, windowSeconds: 60, message: API_TOKEN_MESSAGES.tooManyFeed };

// What a route lets an API credential do (read by the AuthGuard from the route's metadata).
export interface RouteApiAccess {
  tokenScope: ApiTokenScope | undefined;
  feedLink: boolean;
}

export interface ApiCaller {
  via: 'token' | 'feed-link';
  // its maker, read with the credential: the AuthGuard refuses a deactivated one and builds the
  // AuthUser from these fields
  user: Omit<CallerRow, 'userId' | 'workspaceId' | 'workspaceKind' | 'workspaceRole'> & { id: string };
  // the workspace it reads (the token's, or the feed link's EyeMail's) with the maker's role
  // there now; null once the maker is no longer a member of it (then it opens nothing)
  workspace: CurrentWorkspace | null;
}

function callerOf(row: CallerRow, via: ApiCaller['via']): ApiCaller {
  const { userId, email, firstName, lastName, tier, role, isActive, emailVerifiedAt, companyId, timezoneId, workspaceId, workspaceKind, workspaceRole } = row;
  return {
    via,
    user: { id: userId, email, firstName, lastName, tier, role, isActive, emailVerifiedAt, companyId, timezoneId },
    workspace: workspaceKind && workspaceRole ? { id: workspaceId, kind: workspaceKind, role: workspaceRole } : null,
  };
}

// Checks the API credentials of a request for the AuthGuard: a Bearer token or a feed link's key.
// null when the request carries neither (the session decides); otherwise the maker it acts for
// and their membership of its workspace, read with the credential in one query, or an error: 401 for a token or key that opens nothing, 403 for a token on a route outside
// its scope, 429 past the rate.
@Injectable()
export class ApiCredentialsService {
  private readonly logger = new Logger('ApiTokens');

  constructor(
    private readonly repo: ApiTokenRepository,
    private readonly secrets: AppSecretsService,
    private readonly limiter: RateLimiter,
  ) {}

  async authenticate(req: Request, access: RouteApiAccess): Promise<ApiCaller | null> {
    const token = bearerToken(req.headers.authorization);
    const key = req.query?.key;
    try {
      if (token !== null) return await this.byToken(token, access);
      if (access.feedLink && key !== undefined) return await this.byFeedKey(req, key);
    } catch (e) {
      // Thrown before any interceptor runs, so the header is set here.
      if (e instanceof RateLimitedError) req.res?.setHeader('Retry-After', String(e.retryAfter));
      throw e;
    }
    return null;
  }

  private async byToken(token: string, access: RouteApiAccess): Promise<ApiCaller> {
    const row = looksLikeToken(token) ? await this.repo.findCallerByHash(hashToken(token)) : null;
    if (!row) throw new UnauthenticatedError(API_TOKEN_MESSAGES.invalid);
    const scopes = row.scopes.filter((s): s is ApiTokenScope => (API_TOKEN_SCOPES as readonly string[]).includes(s));
    if (!access.tokenScope || !scopes.includes(access.tokenScope)) throw new ForbiddenError(API_TOKEN_MESSAGES.outOfScope);
    await this.limiter.consume([TOKEN_RATE, row.id]);
    const now = new Date();
    if (shouldTouch(row.lastUsedAt ? new Date(row.lastUsedAt) : null, now)) {
      // Best effort: the answer does not wait on, or fail with, the bookkeeping.
      void this.repo.touch(row.id).catch((e) => this.logger.warn({ err: e }, 'Could not record when an API token was used'));
    }
    return callerOf(row, 'token');
  }

  private async byFeedKey(req: Request, key: unknown): Promise<ApiCaller> {
    const snippetId = req.params?.snippetId;
    if (typeof key !== 'string' || !key || typeof snippetId !== 'string' || !isUuid(snippetId)) throw new UnauthenticatedError(API_TOKEN_MESSAGES.badFeedKey);
    const link = await this.repo.findFeedLinkCaller(snippetId.toLowerCase());
    if (!link || !sameKey(key, feedLinkKey(await this.secret(), snippetId, link.nonce))) throw new UnauthenticatedError(API_TOKEN_MESSAGES.badFeedKey);
    await this.limiter.consume([FEED_LINK_RATE, `${snippetId}:${link.nonce}`]);
    return callerOf(link, 'feed-link');
  }

  // The key of an EyeMail's feed link with this nonce.
  async keyFor(snippetId: string, nonce: string): Promise<string> {
    return feedLinkKey(await this.secret(), snippetId, nonce);
  }

  private secret(): Promise<string> {
    return this.secrets.get('feed-link');
  }
}

