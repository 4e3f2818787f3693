/**
 * The desk's only way to the server (the ESLint rule forbids fetch elsewhere
 * in src/desk): JSON calls to /api/desk/… in the site's envelope, every write
 * with the session's CSRF token in X-Desk-CSRF (the router refuses writes
 * without it), messages in the person's language, and uploads with progress.
 *
 * A 401 tells the application the session ended (`onSignedOut`): the screen
 * that was open keeps its text (the story editor keeps it in the browser's
 * storage) and the sign-in dialog opens over it.
 */
import * as m from '../paraglide/messages.js';
import type { Locale } from '../i18n/locales.ts';

export class DeskApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  /** A refusal's data (a 409's stored story). */
  readonly detail: unknown;
  constructor(status: number, message: string, errors: Record<string, string[]> = {}, detail: unknown = null) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.detail = detail;
  }
}

interface Envelope<T> {
  header: { status: 'OK' | 'ERROR'; code: number; message?: string; errors?: Record<string, string[]> };
  response: T;
}

/** A refusal as a screen shows it: the message, and the problems per field. */
export type Problem = { message: string; errors: Record<string, string[]> } | null;

export function problemOf(e: unknown): Problem {
  return e instanceof DeskApiError ? { message: e.message, errors: e.errors } : { message: (e as Error).message, errors: {} };
}

let csrf: string | null = null;
let locale: Locale = 'ar';
const signedOutListeners = new Set<() => void>();

export function setCsrf(token: string | null): void {
  csrf = token;
}

export function setApiLocale(l: Locale): void {
  locale = l;
}

/** Called when the server says the session ended (401). */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

function headers(write: boolean, type?: string): Record<string, string> {
  return {
    accept: 'application/json',
    locale,
    ...(write ? { 'x-desk-csrf': csrf ?? 'sign-in' } : {}),
    ...(type ? { 'content-type': type } : {}),
  };
}

function fail<T>(status: number, body: Envelope<T> | null): never {
  if (status === 401) for (const l of signedOutListeners) l();
  throw new DeskApiError(status, body?.header.message ?? m.desk_err_500(), body?.header.errors ?? {}, body?.response ?? null);
}

export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: headers(method !== 'GET', body === undefined ? undefined : 'application/json'),
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new DeskApiError(0, m.desk_offline());
  }
  let parsed: Envelope<T> | null = null;
  try {
    parsed = (await res.json()) as Envelope<T>;
  } catch {
    parsed = null;
  }
  if (!res.ok || !parsed) return fail(res.status, parsed);
  return parsed.response;
}

/** A text answer of the desk API (a newsletter's plain-text preview). */
export async function apiText(path: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { accept: 'text/plain', locale }, credentials: 'same-origin' });
  } catch {
    throw new DeskApiError(0, m.desk_offline());
  }
  if (!res.ok) return fail(res.status, null);
  return res.text();
}

/** A query string of the defined values. */
export function query(params: Record<string, string | number | undefined | null | false>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== false && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Uploads a file's bytes (its own Content-Type), reporting progress from 0 to 1. */
export function upload<T>(path: string, file: Blob, onProgress: (fraction: number) => void): Promise<{ status: number; item: T }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [k, v] of Object.entries(headers(true, file.type || 'application/octet-stream'))) xhr.setRequestHeader(k, v);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as Envelope<T> | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve({ status: xhr.status, item: body.response });
      else {
        try {
          fail(xhr.status, body);
        } catch (error) {
          reject(error as Error);
        }
      }
    };
    xhr.onerror = () => reject(new DeskApiError(0, m.desk_offline()));
    xhr.send(file);
  });
}
