/**
 * What the desk's pages need from the store before they render: the desk
 * application's language (the signed-in person's, else the one chosen on
 * the sign-in screen, kept in the `desk_lang` cookie, else Arabic), and the
 * previews' story (preview.ts).
 */
import { getConfig } from '../config.ts';
import { getDb } from '../db/index.ts';
import type { Lang } from '../db/schema.ts';
import type { ArticleView } from '../pages/article.ts';
import { previewViewer, storyPreview, verifyPreview } from './preview.ts';
import { findDeskSession, readDeskToken, secureSite } from './sessions.ts';

const DESK_LANG_COOKIE = 'desk_lang';

/** Headers of every desk page: never stored, never indexed. */
export const DESK_PAGE_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const;

export async function deskPageLanguage(request: Request): Promise<Lang> {
  const token = readDeskToken(request, secureSite(getConfig().SITE_URL));
  if (token) {
    const session = await findDeskSession(await getDb(), token);
    if (session) return session.user.locale;
  }
  const chosen = new RegExp(`(?:^|;\\s*)${DESK_LANG_COOKIE}=(ar|fr)\\b`).exec(request.headers.get('cookie') ?? '');
  return (chosen?.[1] as Lang | undefined) ?? 'ar';
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
