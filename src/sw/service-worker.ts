/**
 * The site's service worker, served as /sw.js with scope / (compiled from
 * this file by src/sw/vite-plugin.ts, served by src/pages/sw.js.ts).
 *
 * It does push notifications and nothing else:
 *
 *  - `push`: shows the breaking-news notification the server sent
 *    (src/server/push/breaking.ts): title, lead, the article's image, the
 *    site's icon, the story's tag (a repeat replaces the notification
 *    instead of adding one), language and direction;
 *  - `notificationclick`: focuses a tab already on the article, else opens it.
 *
 * No `fetch` handler and no cache: pages, the API and the offline note
 * (src/components/layout/behaviour/connectivity.ts) work as if there were no service
 * worker, and a browser skips starting it for navigations.
 *
 * A classic script (module service workers are not supported everywhere),
 * so no import or export; everything lives in one function scope. The
 * service worker types are declared here, as the project's TypeScript
 * program has the DOM library, not the WebWorker one.
 */
(() => {
  /** NotificationOptions with the members the DOM library no longer lists but browsers take. */
  type ShownOptions = NotificationOptions & { image?: string; timestamp?: number; renotify?: boolean };

  interface ExtendableEventLike extends Event {
    waitUntil(promise: Promise<unknown>): void;
  }
  interface PushEventLike extends ExtendableEventLike {
    readonly data: { json(): unknown; text(): string } | null;
  }
  interface NotificationEventLike extends ExtendableEventLike {
    readonly notification: { readonly data: unknown; close(): void };
  }
  interface WindowClientLike {
    readonly url: string;
    focus(): Promise<unknown>;
  }
  interface ServiceWorkerScopeLike {
    readonly location: { readonly origin: string };
    readonly registration: { showNotification(title: string, options: ShownOptions): Promise<void> };
    readonly clients: {
      matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
      openWindow(url: string): Promise<unknown>;
      claim(): Promise<void>;
    };
    skipWaiting(): Promise<void>;
    addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
    addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
    addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
  }

  interface Shown {
    title: string;
    options: ShownOptions;
  }

  const sw = self as unknown as ServiceWorkerScopeLike;
  const origin = sw.location.origin;
  const FALLBACK_TITLE = '2M';

  const text = (v: unknown, max: number): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

  /** An http(s) URL, made absolute against the site; anything else is dropped. */
  const safeUrl = (v: unknown): string | undefined => {
    if (typeof v !== 'string' || v === '') return undefined;
    try {
      const url = new URL(v, origin);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
    } catch {
      return undefined;
    }
  };

  /** The notification a push message asks for; a message that is not ours still shows something (userVisibleOnly). */
  const fromPayload = (raw: unknown): Shown => {
    const p = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    // The server sends the story's language tag and its direction (from the locale model,
    // src/i18n/locales.ts); the worker only checks their form, so a new language needs nothing here.
    const lang = typeof p.lang === 'string' && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(p.lang) ? p.lang : undefined;
    const dir = p.dir === 'rtl' || p.dir === 'ltr' ? p.dir : 'auto';
    const url = safeUrl(p.url);
    // Only links to this site open from a notification.
    const target = url && new URL(url).origin === origin ? url : `${origin}/`;
    const image = safeUrl(p.image);
    const tag = text(p.tag, 64);
    const options: ShownOptions = {
      body: text(p.body, 500),
      icon: safeUrl(p.icon) ?? `${origin}/favicon.svg`,
      data: { url: target },
      dir,
      ...(lang ? { lang } : {}),
      ...(image ? { image } : {}),
      // The same story sent again replaces the notification, and says so.
      ...(tag ? { tag, renotify: true } : {}),
      ...(typeof p.timestamp === 'number' && p.timestamp > 0 ? { timestamp: p.timestamp } : {}),
    };
    return { title: text(p.title, 200) || FALLBACK_TITLE, options };
  };

  const readData = (event: PushEventLike): unknown => {
    if (!event.data) return {};
    try {
      return event.data.json();
    } catch {
      return { body: event.data.text() };
    }
  };

  // A new version takes over at once: it holds no state and caches nothing.
  sw.addEventListener('install', (event) => {
    event.waitUntil(sw.skipWaiting());
  });
  sw.addEventListener('activate', (event) => {
    event.waitUntil(sw.clients.claim());
  });

  sw.addEventListener('push', (event) => {
    const shown = fromPayload(readData(event));
    event.waitUntil(sw.registration.showNotification(shown.title, shown.options));
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const url = safeUrl(data?.url) ?? `${origin}/`;
    event.waitUntil(
      (async () => {
        const open = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const same = open.find((c) => c.url.split('#')[0] === url.split('#')[0]);
        if (same) await same.focus();
        else await sw.clients.openWindow(url);
      })(),
    );
  });
})();
