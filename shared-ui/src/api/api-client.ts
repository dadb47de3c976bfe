/** The one HTTP client every page uses: JSON both ways, the bearer token, errors with the server's `message`. */
import { getIdToken } from '../auth/id-token';

export const API_CALL_FAILED = 'API call failed';

let apiBaseUrl = 'http://localhost:3000';

/**
 * What a server render (#53) adds to the API calls made for the request it renders: the member's credential (their
 * page session cookie as `Session <cookie>`, on reads only: the API refuses it for writes) and the request's data
 * deadline, past which a call fails as an unreachable API would (the page then renders its error state).
 */
export interface ServerRequestCalls {
  authorization?: string;
  deadline?: AbortSignal;
}

let serverRequestCalls: (() => ServerRequestCalls | undefined) | undefined;

/** Set once at start-up by the shell (or a remote's standalone page), or by the shell's server renderer. */
export function configureApi(options: {
  baseUrl: string;
  /** The server renderer's: the calls of the request being rendered (read per call, from its async context). */
  serverRequestCalls?: () => ServerRequestCalls | undefined;
}): void {
  apiBaseUrl = options.baseUrl.replace(/\/+$/, '');
  serverRequestCalls = options.serverRequestCalls;
}

export function getApiBaseUrl(): string {
  return apiBaseUrl;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's own message, when it sent one. */
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** As a server-rendered page sends a failed answer to the browser (its state's JSON), for `fromJSON`. */
  toJSON() {
    return { name: this.name, message: this.message, status: this.status, serverMessage: this.serverMessage };
  }

  /** An ApiError again from its JSON; anything else as it came. */
  static fromJSON(value: unknown): unknown {
    const sent = value as Partial<ReturnType<ApiError['toJSON']>> | null;
    if (sent?.name !== 'ApiError' || typeof sent.status !== 'number') return value;
    return new ApiError(String(sent.message ?? ''), sent.status, sent.serverMessage ?? undefined);
  }
}

/** The text to show for a failed call: the server's message when it gave one, else the page's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Send the bearer token when signed in (default). `false` for calls the spec makes without auth. */
  withToken?: boolean;
  /** Further request headers (such as a create's Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', body, withToken = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const server = serverRequestCalls?.();
  if (withToken) {
    const token = await getIdToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    else if (server?.authorization && method === 'GET') headers.Authorization = server.authorization;
  }
  const signal =
    server?.deadline && options.signal
      ? AbortSignal.any([options.signal, server.deadline])
      : (options.signal ?? server?.deadline);
  const url = `${apiBaseUrl}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // The caller gave up: its own abort. A server render's deadline: the API did not answer in time.
    if (options.signal?.aborted) throw error;
    throw new ApiError(API_CALL_FAILED, 0);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorOf(response.status, payload);
  return { data: payload as T, headers: response.headers };
}

/** The error of an answer that is not ok: the server's `message` when its body has one, else 'API call failed'. */
export function apiErrorOf(status: number, payload: unknown): ApiError {
  const serverMessage =
    payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string'
      ? payload.message
      : undefined;
  return new ApiError(serverMessage ?? API_CALL_FAILED, status, serverMessage);
}

/**
 * A fresh request key (a create's Idempotency-Key): `crypto.randomUUID` where the page is a secure context (https,
 * localhost), else a version 4 UUID from random bytes.
 */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function apiRequest<T>(path: string, options?: ApiRequestOptions): Promise<T> {
  return (await apiFetch<T>(path, options)).data;
}
