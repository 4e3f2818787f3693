/**
 * The islands' API client (src/lib/api-client.ts; docs/product.md, API,
 * Errors, Limits) with a stubbed fetch, location and clock: the locale header, the
 * envelope, 204 → null, 400 → the home page of the visitor's language (and
 * no loop at home), typed errors, cancellation and the 200 ms minimum delay.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiRequest, ApiError, FETCH_MIN_DELAY_MS, homePath, isAbortError, sendHome } from '../../src/lib/api-client.ts';

type Call = { url: string; init: RequestInit };

function stubFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} };
    calls.push(call);
    return answer(call);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubLocation(pathname: string) {
  return { pathname, assign: vi.fn<(url: string | URL) => void>() };
}

/** No minimum delay unless a test is about it. */
const fast = { minDelayMs: 0 } as const;

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('sends the locale header and JSON accept, and hands back the envelope response', async () => {
    const { fetch, calls } = stubFetch(() => json({ header: { status: 'OK', code: 200 }, response: { title: 'Urgent', news: [] } }));
    const r = await apiGet<{ title: string }>('/api/getBreakingNews', { locale: 'fr', fetch, ...fast });
    expect(r).toEqual({ title: 'Urgent', news: [] });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/getBreakingNews');
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.headers).toMatchObject({ locale: 'fr', accept: 'application/json' });
    expect(calls[0]!.init.credentials).toBe('same-origin');
  });

  it('appends the query, leaving out empty values', async () => {
    const { fetch, calls } = stubFetch(() => json({ header: { status: 'OK', code: 200 }, response: [] }));
    await apiGet('/api/Search/1', { locale: 'ar', query: { search: 'مغرب', empty: '', none: undefined }, fetch, ...fast });
    expect(calls[0]!.url).toBe(`/api/Search/1?search=${encodeURIComponent('مغرب')}`);
  });

  it('posts a plain object as JSON, form data as it is', async () => {
    const { fetch, calls } = stubFetch(() => json({ header: { status: 'OK', code: 200 }, response: { ok: true } }));
    await apiRequest('/api/x', { locale: 'fr', body: { a: 1 }, fetch, ...fast });
    expect(calls[0]!.init).toMatchObject({ method: 'POST', body: '{"a":1}' });
    expect(calls[0]!.init.headers).toMatchObject({ 'content-type': 'application/json' });
    const form = new URLSearchParams({ lang: 'fr' });
    await apiRequest('/mm-weather/get-forecast/1', { locale: 'fr', method: 'POST', body: form, fetch, ...fast });
    expect(calls[1]!.init.body).toBe(form);
    expect(calls[1]!.init.headers).not.toHaveProperty('content-type');
  });

  it('answers null for 204', async () => {
    const { fetch } = stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiGet('/api/getBreakingNews', { locale: 'ar', fetch, ...fast })).resolves.toBeNull();
  });

  it('hands back a JSON answer without an envelope whole', async () => {
    const { fetch } = stubFetch(() => json({ ville: 58, fajr: '05:50' }));
    await expect(apiGet('/prieres/horaire-api.php', { locale: 'fr', fetch, ...fast })).resolves.toEqual({ ville: 58, fajr: '05:50' });
  });
});

describe('status 400 (docs/product.md, Errors)', () => {
  for (const locale of ['ar', 'fr'] as const) {
    it(`sends the visitor to /${locale}, the home page of their language`, async () => {
      const { fetch } = stubFetch(() => json({ header: { status: 'ERROR', code: 400, message: 'bad' }, response: null }, 400));
      const location = stubLocation(`/${locale}/sport/un-article`);
      const error = await apiGet('/api/getBreakingNews', { locale, fetch, location, ...fast }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'bad-request', status: 400 });
      expect(location.assign).toHaveBeenCalledExactlyOnceWith(`/${locale}`);
    });
  }

  it('the home path is route("index")', () => {
    expect(homePath('ar')).toBe('/ar');
    expect(homePath('fr')).toBe('/fr');
  });

  it('does not loop when the visitor is already at home', async () => {
    const { fetch } = stubFetch(() => new Response('', { status: 400 }));
    for (const pathname of ['/fr', '/fr/']) {
      const location = stubLocation(pathname);
      await expect(apiGet('/api/x', { locale: 'fr', fetch, location, ...fast })).rejects.toMatchObject({ kind: 'bad-request' });
      expect(location.assign).not.toHaveBeenCalled();
    }
    expect(sendHome('ar', stubLocation('/ar'))).toBe(false);
    expect(sendHome('ar', stubLocation('/fr'))).toBe(true);
  });

  it('a 400 wins over the minimum delay (the visitor leaves at once)', async () => {
    vi.useFakeTimers();
    const { fetch } = stubFetch(() => new Response('', { status: 400 }));
    const location = stubLocation('/ar/post/1');
    const p = apiGet('/api/x', { locale: 'ar', fetch, location }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(location.assign).toHaveBeenCalledWith('/ar');
    expect(await p).toMatchObject({ kind: 'bad-request' });
  });
});

describe('failures', () => {
  it('a network failure is a typed error', async () => {
    const { fetch } = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiGet('/api/x', { locale: 'fr', fetch, ...fast }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', status: null });
    expect(isAbortError(error)).toBe(false);
  });

  it('an error answer keeps its status, message and per-field errors (422)', async () => {
    const { fetch } = stubFetch(() =>
      json({ header: { status: 'ERROR', code: 422, message: 'Certains champs sont invalides.', errors: { email: ['required'] } }, response: null }, 422),
    );
    const error = await apiRequest('/api/set-form', { locale: 'fr', body: {}, fetch, ...fast }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 422, message: 'Certains champs sont invalides.', errors: { email: ['required'] } });
  });

  it('a 200 whose envelope says ERROR is an error; a 500 without JSON too; non-JSON 200 is invalid', async () => {
    const e1 = await apiGet('/api/x', { locale: 'fr', fetch: stubFetch(() => json({ header: { status: 'ERROR', code: 409 }, response: null })).fetch, ...fast }).catch((e: unknown) => e);
    expect(e1).toMatchObject({ kind: 'http', status: 409 });
    const e2 = await apiGet('/api/x', { locale: 'fr', fetch: stubFetch(() => new Response('<h1>oops</h1>', { status: 502 })).fetch, ...fast }).catch((e: unknown) => e);
    expect(e2).toMatchObject({ kind: 'http', status: 502 });
    const e3 = await apiGet('/api/x', { locale: 'fr', fetch: stubFetch(() => new Response('<html>', { status: 200 })).fetch, ...fast }).catch((e: unknown) => e);
    expect(e3).toMatchObject({ kind: 'invalid', status: 200 });
  });

  it('a cancelled call rejects as aborted (before, during the request, during the delay)', async () => {
    const before = new AbortController();
    before.abort();
    const { fetch, calls } = stubFetch(() => json({ header: { status: 'OK', code: 200 }, response: 1 }));
    const e1 = await apiGet('/api/x', { locale: 'fr', fetch, signal: before.signal }).catch((e: unknown) => e);
    expect(isAbortError(e1)).toBe(true);
    expect(calls).toHaveLength(0);

    const during = new AbortController();
    const hanging = stubFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const p2 = apiGet('/api/x', { locale: 'fr', fetch: hanging.fetch, signal: during.signal }).catch((e: unknown) => e);
    during.abort();
    expect(await p2).toMatchObject({ kind: 'aborted' });

    vi.useFakeTimers();
    const waiting = new AbortController();
    const p3 = apiGet('/api/x', { locale: 'fr', fetch, signal: waiting.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(50);
    waiting.abort();
    expect(await p3).toMatchObject({ kind: 'aborted' });
    expect(isAbortError(new DOMException('x', 'AbortError'))).toBe(true);
  });
});

describe('minimum delay (docs/product.md, Limits: 200 ms)', () => {
  it('hands an answer over no sooner than 200 ms after the call began', async () => {
    vi.useFakeTimers();
    const { fetch } = stubFetch(() => json({ header: { status: 'OK', code: 200 }, response: 'done' }));
    let settled = false;
    const p = apiGet<string>('/api/x', { locale: 'fr', fetch }).then((v) => {
      settled = true;
      return v;
    });
    await vi.advanceTimersByTimeAsync(FETCH_MIN_DELAY_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect(await p).toBe('done');
  });

  it('adds nothing to a slow answer, and applies to failures too', async () => {
    vi.useFakeTimers();
    let now = 0;
    const slow = stubFetch(() => {
      now += 500;
      return json({ header: { status: 'OK', code: 200 }, response: 'late' });
    });
    let settled = false;
    const p = apiGet('/api/x', { locale: 'fr', fetch: slow.fetch, now: () => now }).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    await p;

    const failing = stubFetch(() => Promise.reject(new TypeError('offline')));
    let failed = false;
    const p2 = apiGet('/api/x', { locale: 'fr', fetch: failing.fetch }).catch(() => (failed = true));
    await vi.advanceTimersByTimeAsync(FETCH_MIN_DELAY_MS - 10);
    expect(failed).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    await p2;
    expect(failed).toBe(true);
  });
});
