/**
 * The account endpoints as the islands call them (docs/product.md, Accounts and forms): form data,
 * the `locale` header, the session cookie sent along (same origin). Every
 * answer is read as the envelope; a network failure or an answer that is not
 * the envelope becomes a clear message, never an exception.
 */
import type { Locale } from '../../i18n/locales.ts';
import type { Account } from '../../stores/auth.ts';
import * as m from '../../paraglide/messages.js';
import { siteFetch } from '../../lib/api-client.ts';

export type AccountPath = 'registeration' | 'login' | 'logout' | 'logout-all' | 'password' | 'profile' | 'me' | 'auth-fb';

export interface AccountAnswer {
  /** True only when `header.status` is OK (docs/product.md, Validation). */
  ok: boolean;
  status: number;
  message: string;
  /** Problems per field name, for a 422. */
  errors: Record<string, string[]>;
  user: Account | null;
  /** The envelope's `response` as it came (the member settings of `profile`). */
  data: unknown;
}

interface Envelope {
  header?: { status?: unknown; message?: unknown; errors?: unknown };
  response?: unknown;
}

function asAccount(v: unknown): Account | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.id !== 'number' || typeof o.name !== 'string' || typeof o.email !== 'string') return null;
  return { id: o.id, name: o.name, email: o.email };
}

function asErrors(v: unknown): Record<string, string[]> {
  if (typeof v !== 'object' || v === null) return {};
  const out: Record<string, string[]> = {};
  for (const [k, list] of Object.entries(v as Record<string, unknown>)) {
    if (Array.isArray(list)) out[k] = list.filter((x): x is string => typeof x === 'string');
  }
  return out;
}

export async function callAccount(path: AccountPath, locale: Locale, body?: FormData): Promise<AccountAnswer> {
  const failed = (status: number): AccountAnswer => ({ ok: false, status, message: m.account_network_error({}, { locale }), errors: {}, user: null, data: null });
  let res: Response;
  try {
    res = await siteFetch(`/api/account/${path}`, {
      // `profile` reads the settings without a body, changes them with one.
      method: path === 'me' || (path === 'profile' && !body) ? 'GET' : 'POST',
      headers: { locale, accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
      ...(body ? { body } : {}),
    });
  } catch {
    return failed(0);
  }
  let env: Envelope;
  try {
    env = (await res.json()) as Envelope;
  } catch {
    return failed(res.status);
  }
  const ok = env.header?.status === 'OK';
  return {
    ok,
    status: res.status,
    message: typeof env.header?.message === 'string' ? env.header.message : ok ? '' : m.account_network_error({}, { locale }),
    errors: asErrors(env.header?.errors),
    user: asAccount(env.response),
    data: env.response ?? null,
  };
}

/** FormData holding exactly the given fields (what is sent, and nothing else). */
export function formOf(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}
