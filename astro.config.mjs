// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { serviceWorkerPlugin } from './src/sw/vite-plugin.ts';
import { reactServerPlugin } from './src/build/react-server-plugin.ts';
import { exposeAppPlugin } from './src/build/expose-app-plugin.ts';
import { routeAliases } from './src/build/route-aliases.ts';
import { DEFAULT_LOCALE, LOCALES } from './src/i18n/locales.ts';

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  // Every route renders on demand (no route says `prerender`); the pages that exist are pre-built from
  // the running site by src/server/delivery (ADR 005), not by `astro build`.
  output: 'server',
  // Cross-site form posts are refused by src/server/http/origin-check.ts
  // (from src/middleware.ts): Astro's own check also refused a DELETE
  // without a Content-Type or Origin, which no browser can send cross-site.
  security: { checkOrigin: false },
  // Middleware mode: no static-file check before every render; the front
  // server sends dist/client's few files itself (src/server/delivery/public-files.ts).
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Islands rendered by React's renderToString (with their id prefix: src/build/react-server-plugin.ts),
  // not a web stream read to its end per island (ADR 028).
  // Addresses that are the same page as another route (/special-topic, /search-result,
  // /castings, the unprefixed sections) are answered by that route's file: src/build/route-aliases.ts.
  integrations: [react({ experimentalDisableStreaming: true }), routeAliases()],
  // The languages come from the locale model (src/i18n/locales.ts).
  i18n: {
    locales: [...LOCALES],
    defaultLocale: DEFAULT_LOCALE,
    // Our own middleware (src/middleware.ts) applies the redirect rule of
    // docs/product.md, Languages and redirects; Astro's automatic routing would answer 404 for the
    // unprefixed sections (/shows, /casting, /castings, /talents) and for
    // every path it is about to redirect.
    routing: 'manual',
  },
  // Links are prefetched on hover and focus by one delegated listener
  // (src/components/layout/behaviour/shell.ts, through Astro's own
  // prefetch(), which skips slow connections: navigator.connection.saveData
  // or an effectiveType matching /2g/). Astro's prefetch is off: its start
  // walks every link of the page three times at load, and again whenever a
  // script adds one (the ticker, an ad) through a MutationObserver on the
  // whole document, even without `prefetchAll` (ADR 014).
  prefetch: false,
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  server: { host: process.env.HOST || '0.0.0.0', port: Number(process.env.PORT) || 4321 },
  vite: {
    // /sw.js: the service worker compiled from src/sw/service-worker.ts.
    // @astrojs/react's server renderer: its check no longer renders each component first (ADR 027),
    // and renderToString keeps the island's id prefix (ADR 028).
    // The entry exports Astro's App for the render workers (ADR 010).
    plugins: [serviceWorkerPlugin(), reactServerPlugin(), exposeAppPlugin()],
    // Scripts are never inlined into pages: the Content-Security-Policy allows
    // this site's files and a fixed set of inline scripts by hash (ADR 013).
    build: { target: 'es2022', assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
    ssr: { external: ['node:sqlite', 'pg', 'sharp'] },
  },
});
