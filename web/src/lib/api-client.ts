// The one way the dashboard talks to the server. Every call resolves (never throws) to the
// server's envelope plus the HTTP status; a network or parse failure becomes status 500 with
// result false, so pages only ever branch on `result`.

export interface ApiResult<T> {
  status: number;
  result: boolean;
  message: string;
  body: T | null;
  errors: Record<string, string> | null;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface CallOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  // The workspace the call acts in when it is not the current one (a company's members, asked
  // from My Companies); undefined: the current workspace.
  workspaceId?: string | null;
}

export const API_BASE = '/api/';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
export const NETWORK_FAILURE_MESSAGE = 'We could not reach EyeMail. Please check your connection and try again.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Pure: the value of one cookie from a document.cookie string, or null.
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

// Pure: `/api/<path>?<query>`; empty query values are left out.
export function buildUrl(path: string, query?: Query): string {
  const clean = path.replace(/^\/+/, '').replace(/^api\//i, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${clean}${qs ? `?${qs}` : ''}`;
}

function failure<T>(status = 500, message = NETWORK_FAILURE_MESSAGE): ApiResult<T> {
  return { status, result: false, message, body: null, errors: null };
}

function asErrors(value: unknown): Record<string, string> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
  }
  return Object.keys(out).length ? out : null;
}

// Pure: reads a response (status and raw text) into an ApiResult. Statuses 200-399 count as
// success unless the envelope says result false; anything unreadable is a 500 failure.
export function parseEnvelope<T>(status: number, text: string): ApiResult<T> {
  const okStatus = status >= 200 && status < 400;
  if (text.trim() === '') {
    return okStatus ? { status, result: true, message: '', body: null, errors: null } : failure(status, `Request failed (${status}).`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return failure();
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return failure();
  const env = data as Record<string, unknown>;
  return {
    status,
    result: okStatus && env.result !== false,
    message: typeof env.message === 'string' ? env.message : '',
    body: (env.body ?? null) as T | null,
    errors: asErrors(env.errors),
  };
}

// The workspace every call acts in (X-Workspace-Id), set by the workspace atom
// (lib/session/workspace-atom.ts); null: the personal workspace, for which no header is sent.
export const WORKSPACE_HEADER_NAME = 'X-Workspace-Id';
export const WORKSPACE_NOT_FOUND = 'Workspace not found.';
let currentWorkspace: string | null = null;

export function setApiWorkspace(id: string | null): void {
  currentWorkspace = id;
}

export function apiWorkspace(): string | null {
  return currentWorkspace;
}

// The header naming a workspace (by default the current one), for calls made outside apiCall
// (downloads, uploads, report reads that need the raw response).
export function workspaceHeaders(id: string | null = currentWorkspace): Record<string, string> {
  return id ? { [WORKSPACE_HEADER_NAME]: id } : {};
}

type WorkspaceLostListener = (workspaceId: string) => void;
const workspaceLostListeners = new Set<WorkspaceLostListener>();

// Lets the app react when the current workspace is gone for this user (removed, left elsewhere,
// deleted): the server answers 404 "Workspace not found." to a call that named it.
export function onWorkspaceLost(listener: WorkspaceLostListener): () => void {
  workspaceLostListeners.add(listener);
  return () => workspaceLostListeners.delete(listener);
}

// A call that named `sent` answered `status` and `message`: when that is the current workspace
// refused, the listeners hear it (not for an explicit other workspace, nor a stale answer).
export function checkWorkspaceAnswer(sent: string | null, status: number, message: string): void {
  if (sent && sent === currentWorkspace && status === 404 && message === WORKSPACE_NOT_FOUND) workspaceLostListeners.forEach((l) => l(sent));
}

type UnauthorizedListener = (path: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

// Lets the app react when a session ends under a signed-in page (expired, signed out elsewhere).
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

// A call made outside apiCall (e.g. a file download) found the session gone.
export function notifyUnauthorized(path: string): void {
  const clean = path.replace(/^\/+/, '').replace(/^api\//i, '');
  unauthorizedListeners.forEach((l) => l(clean));
}

// Calls that answer 401 as part of their normal job (no session yet, wrong password).
const SESSIONLESS = /^accounts\/(trysignin|signin|signup|companysignup|forgot-password|validate-reset-password-token|reset-password|verify-email|signout)\b/i;

export async function apiCall<T>(method: string, path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  const upper = method.toUpperCase();
  const workspace = options.workspaceId === undefined ? currentWorkspace : options.workspaceId;
  const headers: Record<string, string> = { Accept: 'application/json', ...workspaceHeaders(workspace) };
  let payload: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  if (STATE_CHANGING.has(upper)) {
    const token = typeof document === 'undefined' ? null : readCookie(document.cookie, CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
  }
  let res: Response;
  let text: string;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method: upper,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
    text = await res.text();
  } catch {
    return failure();
  }
  const out = parseEnvelope<T>(res.status, text);
  const clean = path.replace(/^\/+/, '').replace(/^api\//i, '');
  if (out.status === 401 && !SESSIONLESS.test(clean)) unauthorizedListeners.forEach((l) => l(clean));
  if (options.workspaceId === undefined) checkWorkspaceAnswer(workspace, out.status, out.message);
  return out;
}

export const api = {
  get: <T>(path: string, options?: CallOptions) => apiCall<T>('GET', path, options),
  post: <T>(path: string, options?: CallOptions) => apiCall<T>('POST', path, options),
  put: <T>(path: string, options?: CallOptions) => apiCall<T>('PUT', path, options),
  patch: <T>(path: string, options?: CallOptions) => apiCall<T>('PATCH', path, options),
  delete: <T>(path: string, options?: CallOptions) => apiCall<T>('DELETE', path, options),
};

// Uploads go through XMLHttpRequest rather than fetch: only XHR reports upload progress
// (xhr.upload.onprogress) and can be cancelled mid-body in every browser.
export interface UploadOptions {
  query?: Query;
  // The multipart part the server reads the file from.
  fieldName?: string;
  // Whole percent of the request body sent so far, 0-100, never decreasing.
  onProgress?: (percent: number) => void;
  // as CallOptions.workspaceId: null sends no workspace (the person's own files)
  workspaceId?: string | null;
}

export interface UploadResult<T> extends ApiResult<T> {
  // True when abort() stopped it; nothing was stored then.
  aborted: boolean;
}

export interface UploadHandle<T> {
  promise: Promise<UploadResult<T>>;
  abort: () => void;
}

export const UPLOAD_FAILED_MESSAGE = 'Fail to upload try again';

// Pure: the floored whole percentage of `loaded` out of `total`, within 0-100.
export function uploadPercent(loaded: number, total: number): number {
  if (!Number.isFinite(loaded) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

export function apiUpload<T>(path: string, file: Blob, options: UploadOptions = {}, fileName?: string): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const workspace = options.workspaceId === undefined ? currentWorkspace : options.workspaceId;
  let settled = false;
  let last = -1;
  const promise = new Promise<UploadResult<T>>((resolve) => {
    const finish = (r: ApiResult<T>, aborted = false) => {
      if (settled) return;
      settled = true;
      resolve({ ...r, aborted });
    };
    xhr.upload.onprogress = (e: ProgressEvent) => {
      if (!e.lengthComputable || !options.onProgress) return;
      const pct = uploadPercent(e.loaded, e.total);
      if (pct > last) {
        last = pct;
        options.onProgress(pct);
      }
    };
    xhr.onload = () => {
      const out = parseEnvelope<T>(xhr.status, xhr.responseText ?? '');
      const clean = path.replace(/^\/+/, '').replace(/^api\//i, '');
      if (out.status === 401) unauthorizedListeners.forEach((l) => l(clean));
      checkWorkspaceAnswer(workspace, out.status, out.message);
      finish(out);
    };
    // A refused or dropped connection (the server may close early on an oversized body).
    xhr.onerror = () => finish(failure(500, UPLOAD_FAILED_MESSAGE));
    xhr.ontimeout = () => finish(failure(500, UPLOAD_FAILED_MESSAGE));
    xhr.onabort = () => finish({ status: 0, result: false, message: 'Upload cancelled.', body: null, errors: null }, true);

    xhr.open('POST', buildUrl(path, options.query));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = typeof document === 'undefined' ? null : readCookie(document.cookie, CSRF_COOKIE);
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    if (workspace) xhr.setRequestHeader(WORKSPACE_HEADER_NAME, workspace);
    const form = new FormData();
    if (fileName !== undefined) form.append(options.fieldName ?? 'file', file, fileName);
    else form.append(options.fieldName ?? 'file', file);
    xhr.send(form);
  });
  return {
    promise,
    abort: () => {
      if (!settled) xhr.abort();
    },
  };
}
