import { SetMetadata } from '@nestjs/common';

// What a personal API token (`Authorization: Bearer eym_...`) may open. A token opens only the
// routes marked with its scope, and only its owner's data there; every other route refuses it
// (403), whatever its owner could do with a session.
export const API_TOKEN_SCOPES = ['reports:read'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const TOKEN_SCOPE = 'eyemail:tokenScope';
export const FEED_LINK = 'eyemail:feedLink';

// A route an API token with this scope may call (read-only routes only).
export const TokenScope = (scope: ApiTokenScope) => SetMetadata(TOKEN_SCOPE, scope);

// A report route a feed link opens: `?key=` (the link's secret) names the EyeMail of the route's
// :snippetId, and the route answers as its owner. For tools that cannot send a header.
export const FeedLinkAccess = () => SetMetadata(FEED_LINK, true);
