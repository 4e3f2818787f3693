// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  i18n: {
    locales: ['ar', 'fr'],
    defaultLocale: 'ar',
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  server: { host: process.env.HOST || '0.0.0.0', port: Number(process.env.PORT) || 4321 },
  vite: {
    build: { target: 'es2022' },
    ssr: { external: ['node:sqlite', 'pg', 'sharp'] },
  },
});
