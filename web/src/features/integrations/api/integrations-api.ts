import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getOrThrow } from '@/lib/query-client';
import type { WebhookEvent } from '@shared/webhook-events';
import type { ApiTokenView, AttemptView, EndpointView } from '@shared/integration-types';

// The answers' shapes are the server's (src/shared/integration-types.ts), under the names the
// dashboard uses.
export type ApiToken = ApiTokenView;
export type WebhookEndpoint = EndpointView;
export type WebhookAttempt = AttemptView;

export interface EndpointForm {
  url: string;
  events: WebhookEvent[];
  snippetIds: string[] | null;
  description: string | null;
}

export const TOKENS_KEY = ['api-tokens'] as const;
export const WEBHOOKS_KEY = ['webhooks'] as const;

export const integrationsApi = {
  createToken: (name: string) => api.post<ApiToken & { token: string }>('api-tokens', { body: { name } }),
  revokeToken: (id: string) => api.delete<null>(`api-tokens/${encodeURIComponent(id)}`),
  createEndpoint: (form: EndpointForm) => api.post<WebhookEndpoint & { secret: string }>('webhooks', { body: form }),
  updateEndpoint: (id: string, body: Partial<EndpointForm> & { enabled?: boolean }) => api.put<WebhookEndpoint>(`webhooks/${encodeURIComponent(id)}`, { body }),
  deleteEndpoint: (id: string) => api.delete<null>(`webhooks/${encodeURIComponent(id)}`),
  rotateSecret: (id: string) => api.post<{ secret: string }>(`webhooks/${encodeURIComponent(id)}/rotate-secret`),
  sendTest: (id: string) => api.post<{ messageId: string }>(`webhooks/${encodeURIComponent(id)}/test`),
};

export function useApiTokens() {
  return useQuery({ queryKey: TOKENS_KEY, queryFn: ({ signal }) => getOrThrow<ApiToken[]>('api-tokens', undefined, signal) });
}

export function useWebhooks() {
  return useQuery({ queryKey: WEBHOOKS_KEY, queryFn: ({ signal }) => getOrThrow<WebhookEndpoint[]>('webhooks', undefined, signal) });
}

// The delivery log, fresh each time it is opened, refreshed every 5 s while open.
export function useDeliveries(id: string | null) {
  return useQuery({
    queryKey: ['webhooks', id, 'deliveries'],
    queryFn: ({ signal }) => getOrThrow<WebhookAttempt[]>(`webhooks/${encodeURIComponent(id ?? '')}/deliveries`, undefined, signal),
    enabled: !!id,
    staleTime: 0,
    refetchInterval: 5_000,
  });
}

// The account's EyeMails, to choose which ones an endpoint hears of.
export function useEyeMailChoices() {
  return useQuery({
    queryKey: ['snippets', 'brief', 'all'],
    queryFn: ({ signal }) => getOrThrow<{ snippet: string; title: string }[]>('snippets/brief', undefined, signal),
  });
}
