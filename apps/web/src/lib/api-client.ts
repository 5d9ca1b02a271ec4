import { ERRORS, type ErrorCode, type FieldError, isSuccess } from '@qrqr/shared/error-codes';
import { getCsrfToken, rememberCsrfToken } from './csrf';
import { renderingOnServer, takeFirstAnswer } from './first-answers';

/**
 * A failed call. `code` is the server's result code (E-nnn) or, for a transport failure, the HTTP
 * status ("404", or "500" when there was no response at all). It is shown as `[code]message`.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly httpStatus: number;
  readonly fieldErrors: FieldError[];

  constructor(code: string, message: string, httpStatus: number, fieldErrors: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.fieldErrors = fieldErrors;
  }

  /** The message key of a known result code, for showing it in the reader's language. */
  get messageKey(): string | undefined {
    return (ERRORS as Record<string, { key: string }>)[this.code as ErrorCode]?.key;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    // No timeout on purpose: the spec sets none on requests.
    response = await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError('500', '', 0);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy page, an empty answer): handled as a transport failure below.
  }
  const envelope = body as {
    status?: { code?: string; message?: string };
    errors?: unknown;
    csrf_token?: unknown;
  } | null;
  // Calls that rotate the token (sign-in, sign-out, activation) also return it.
  if (typeof envelope?.csrf_token === 'string') rememberCsrfToken(envelope.csrf_token);
  if (envelope?.status?.code) {
    if (isSuccess(envelope)) return body as T;
    const fieldErrors = Array.isArray(envelope.errors) ? (envelope.errors as FieldError[]) : [];
    throw new ApiError(envelope.status.code, envelope.status.message ?? '', response.status, fieldErrors);
  }
  if (!response.ok) throw new ApiError(String(response.status), response.statusText, response.status);
  // A 2xx answer without our envelope is not something we can trust as a success.
  throw new ApiError('500', '', response.status);
}

interface GetOptions {
  /**
   * Sends the CSRF token too: for the few GET calls that change data (/qrcode/delete/), which
   * the server checks like a POST.
   */
  csrf?: boolean;
}

export function apiGet<T>(path: string, query?: Query, options: GetOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (options.csrf) headers['X-XSRF-TOKEN'] = getCsrfToken();
  const url = withQuery(path, query);
  // The page may carry this call's answer already (a member's first visit, lib/first-answers.ts).
  const given = options.csrf ? undefined : takeFirstAnswer(url);
  if (given && isSuccess(given as { status?: { code?: string } })) return Promise.resolve(given as T);
  // The server's render has no network: the part waiting for this call shows it loading.
  if (renderingOnServer()) return new Promise<T>(() => {});
  return send<T>(url, { method: 'GET', headers });
}

export function apiPost<T>(path: string, body: object = {}): Promise<T> {
  return sendJson<T>('POST', path, body);
}

/** PUT and DELETE calls of the channel service, CSRF-checked like a POST. */
export function apiPut<T>(path: string, body: object = {}): Promise<T> {
  return sendJson<T>('PUT', path, body);
}

export function apiDelete<T>(path: string, body?: object): Promise<T> {
  return sendJson<T>('DELETE', path, body);
}

/** A multipart upload (a picture); the browser writes the boundary, so no Content-Type here. */
export function apiUpload<T>(path: string, form: FormData): Promise<T> {
  return send<T>(path, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': getCsrfToken(),
    },
    body: form,
  });
}

function sendJson<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: object): Promise<T> {
  return send<T>(path, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': getCsrfToken(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** One call and its envelope, for calls of their own kind (a file as the body): the answer, else an ApiError. */
export { send as apiSend };
