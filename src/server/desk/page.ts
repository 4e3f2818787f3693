/**
 * What the desk's pages need from the store before they render: the desk
 * application's language (the signed-in person's, else the one chosen on
 * the sign-in screen, kept in the `desk_lang` cookie, else Arabic), the
 * previews' story (preview.ts), front page (ADR 040) and static pages.
 */
import { getConfig } from '../config.ts';
import { getDb } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ArticleView } from '../pages/article.ts';
import { loadHomePage, type HomePage } from '../pages/home.ts';
import { liveLayout, parseLayout } from '../content/home.ts';
import { frontVersion } from '../newsroom/front-page.ts';
import { readDraft } from './drafts.ts';
import { CURATORS } from './roles.ts';
import { pageWorkspace } from './page-routes.ts';
import { isStaticPageKey } from '../pages/navigationlinks.ts';
import { sanitizeBody } from '../newsroom/sanitize.ts';
import { previewViewer, storyPreview, verifyPreview } from './preview.ts';
import { findDeskSession, readDeskToken, secureSite } from './sessions.ts';

const DESK_LANG_COOKIE = 'desk_lang';

/** Headers of every desk page: never stored, never indexed. */
export const DESK_PAGE_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const;

export async function deskPageLanguage(request: Request): Promise<Locale> {
  const token = readDeskToken(request, secureSite(getConfig().SITE_URL));
  if (token) {
    const session = await findDeskSession(await getDb(), token);
    if (session) return session.user.locale;
  }
  const chosen = new RegExp(`(?:^|;\\s*)${DESK_LANG_COOKIE}=(ar|fr)\\b`).exec(request.headers.get('cookie') ?? '');
  return (chosen?.[1] as Locale | undefined) ?? 'ar';
}

export type PreviewLoad = { kind: 'view'; view: ArticleView } | { kind: 'sign-in' } | { kind: 'not-found' };

/** /desk/preview/{id}: for a signed-in desk person only. */
export async function loadDeskPreview(request: Request, id: number | null): Promise<PreviewLoad> {
  const db = await getDb();
  if (!(await previewViewer(db, request, getConfig().SITE_URL))) return { kind: 'sign-in' };
  const view = id === null ? null : await storyPreview(db, id);
  return view ? { kind: 'view', view } : { kind: 'not-found' };
}

/** /desk/shared/{token}: anyone holding a link that is still valid. */
export async function loadSharedPreview(token: string): Promise<PreviewLoad> {
  const db = await getDb();
  const id = await verifyPreview(db, token);
  const view = id === null ? null : await storyPreview(db, id);
  return view ? { kind: 'view', view } : { kind: 'not-found' };
}

export type FrontPreviewLoad = { kind: 'view'; lang: Locale; home: HomePage } | { kind: 'sign-in' } | { kind: 'not-found' };

/**
 * /desk/front/preview/{lang}: the home page of the desk's working copy (else
 * the live layout), or of version `version` of the history; for curators
 * signed in (ADR 040).
 */
export async function loadFrontPreview(request: Request, lang: string | undefined, version: number | null): Promise<FrontPreviewLoad> {
  const db = await getDb();
  const viewer = await previewViewer(db, request, getConfig().SITE_URL);
  if (!viewer) return { kind: 'sign-in' };
  if (!CURATORS.includes(viewer.role) || (lang !== 'ar' && lang !== 'fr')) return { kind: 'not-found' };
  let layout;
  if (version !== null) {
    const v = version > 0 ? await frontVersion(db, lang, version) : undefined;
    if (!v) return { kind: 'not-found' };
    layout = parseLayout(v.layout);
  } else {
    layout = (await readDraft(db, 'front', lang, parseLayout))?.doc ?? (await liveLayout(db, lang));
  }
  return { kind: 'view', lang, home: await loadHomePage(db, lang, layout) };
}

export type PagePreviewLoad =
  | { kind: 'view'; lang: Locale; page: { page: string; title: string; body_html: string; updated_at: string } }
  | { kind: 'sign-in' }
  | { kind: 'not-found' };

/** /desk/pages/preview/{lang}/{page}: a static page's working copy (else its published text), for curators signed in. */
export async function loadPagePreview(request: Request, lang: string | undefined, page: string | undefined): Promise<PagePreviewLoad> {
  const db = await getDb();
  const viewer = await previewViewer(db, request, getConfig().SITE_URL);
  if (!viewer) return { kind: 'sign-in' };
  if (!CURATORS.includes(viewer.role) || (lang !== 'ar' && lang !== 'fr') || !page || !isStaticPageKey(page)) return { kind: 'not-found' };
  const ws = await pageWorkspace({ db }, lang, page);
  return { kind: 'view', lang, page: { page, title: ws.doc.title, body_html: sanitizeBody(ws.doc.body), updated_at: new Date().toISOString() } };
}
