/**
 * The static pages (docs/desk.md "Pages"), for editors and admins: each
 * `navigationlinks` page in Arabic and in French; its title and body
 * written in the desk's editor, saved as a shared working copy, previewed
 * through the page's own components, then published.
 */
import { useEffect, useState } from 'react';
import * as m from '../../paraglide/messages.js';
import { api, DeskApiError } from '../api.ts';
import { removedText, RichText } from '../editor/RichText.tsx';
import { useLocale, when } from '../i18n.ts';
import { Link } from '../router.tsx';
import { Button, Dialog, langLabel, Notice, ScreenTitle, TextField } from '../ui.tsx';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales.ts';

interface PageRow {
  page: string;
  lang: Locale;
  title: string;
  publishedAt: string | null;
  pending: boolean;
}

interface PageWorkspace {
  lang: Locale;
  page: string;
  doc: { title: string; body: string };
  rev: number;
  pending: boolean;
  publishedAt: string | null;
  path: string;
}

type Message = { kind: 'error' | 'success' | 'warning' | 'info'; text: string } | null;

export function PageList() {
  const locale = useLocale();
  const [rows, setRows] = useState<PageRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<PageRow[]>('GET', '/api/desk/pages').then(setRows, (e: unknown) => setError((e as Error).message));
  }, []);
  return (
    <main id="main" className="screen">
      <ScreenTitle>{m.desk_nav_pages()}</ScreenTitle>
      {error && <Notice kind="error">{error}</Notice>}
      {rows && (
        <table className="list">
          <caption className="visually-hidden">{m.desk_nav_pages()}</caption>
          <thead>
            <tr>
              <th scope="col">{m.desk_page_key()}</th>
              <th scope="col">{m.desk_language()}</th>
              <th scope="col">{m.desk_headline()}</th>
              <th scope="col">{m.desk_page_published()}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.lang}:${r.page}`}>
                <td dir="ltr">
                  <Link href={`/desk/pages/${r.lang}/${r.page}`}>{r.page}</Link>
                </td>
                <td>{langLabel(r.lang)}</td>
                <td lang={r.lang} dir={LOCALE_CONFIG[r.lang].dir}>
                  {r.title || '—'}
                  {r.pending && <span className="hint"> · {m.desk_pending()}</span>}
                </td>
                <td>{r.publishedAt ? when(r.publishedAt, locale) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

export function PageScreen({ params }: { params: Record<string, string> }) {
  const { lang, page } = params as { lang: Locale; page: string };
  const locale = useLocale();
  const [ws, setWs] = useState<PageWorkspace | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<375 | 1280 | null>(null);
  useEffect(() => {
    api<PageWorkspace>('GET', `/api/desk/pages/${lang}/${page}`).then(setWs, (e: unknown) => setMessage({ kind: 'error', text: (e as Error).message }));
  }, [lang, page]);
  if (!ws) return <main id="main" className="screen">{message ? <Notice kind="error">{message.text}</Notice> : <p className="loading">{m.desk_loading()}</p>}</main>;

  const refused = (error: unknown) => {
    if (error instanceof DeskApiError && error.status === 409 && error.detail) {
      setWs(error.detail as PageWorkspace);
      setMessage({ kind: 'info', text: error.message });
      return;
    }
    if (error instanceof DeskApiError) setErrors(error.errors);
    setMessage({ kind: 'error', text: (error as Error).message });
  };
  const save = async (): Promise<PageWorkspace | null> => {
    setErrors({});
    try {
      const next = await api<PageWorkspace>('PUT', `/api/desk/pages/${lang}/${page}`, { rev: ws.rev, doc: ws.doc });
      setWs(next);
      setMessage({ kind: 'success', text: m.desk_page_saved() });
      return next;
    } catch (error) {
      refused(error);
      return null;
    }
  };
  const publish = async () => {
    setBusy(true);
    const saved = await save();
    if (saved) {
      try {
        setWs(await api<PageWorkspace>('POST', `/api/desk/pages/${lang}/${page}/publish`, { rev: saved.rev }));
        setMessage({ kind: 'success', text: m.desk_page_published_done() });
      } catch (error) {
        refused(error);
      }
    }
    setBusy(false);
  };
  const openPreview = async (width: 375 | 1280) => {
    if (await save()) setPreview(width);
  };
  const dir = LOCALE_CONFIG[lang].dir;
  return (
    <main id="main" className="screen">
      <div className="toolbar-row">
        <ScreenTitle>{m.desk_page_title({ page, lang: langLabel(lang) })}</ScreenTitle>
        <Link href="/desk/pages">{m.desk_page_back()}</Link>
      </div>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <div className="editor-layout">
        <div className="stack">
          <TextField label={m.desk_page_field_title()} lang={lang} dir={dir} value={ws.doc.title} maxLength={200} errors={errors.title ?? errors['doc.title']} onChange={(e) => setWs({ ...ws, doc: { ...ws.doc, title: e.target.value } })} />
          <p className="label" id="page-body-label">
            {m.desk_page_field_body()}
          </p>
          <RichText
            html={ws.doc.body}
            lang={lang}
            labelledBy="page-body-label"
            onChange={(body) => setWs((cur) => (cur ? { ...cur, doc: { ...cur.doc, body } } : cur))}
            onSave={() => void save()}
            onPasteCleaned={(removed) => removed.size && setMessage({ kind: 'warning', text: removedText(removed) })}
          />
          {(errors.body ?? errors['doc.body']) && <p className="error">{(errors.body ?? errors['doc.body'])!.join(' ')}</p>}
        </div>
        <div className="stack editor-side">
          <section className="panel stack">
            <p role="status">
              {ws.publishedAt ? m.desk_page_online_since({ at: when(ws.publishedAt, locale) }) : m.desk_page_never()}
              {ws.pending && <> · {m.desk_pending()}</>}
            </p>
            <Button disabled={busy} onClick={() => void save()}>
              {m.desk_page_save()}
            </Button>
            <div className="actions">
              <Button onClick={() => void openPreview(375)}>{m.desk_preview_phone()}</Button>
              <Button onClick={() => void openPreview(1280)}>{m.desk_preview_desktop()}</Button>
            </div>
            <Button kind="primary" disabled={busy} onClick={() => void publish()}>
              {m.desk_page_publish()}
            </Button>
            {ws.publishedAt && (
              <a href={ws.path} target="_blank" rel="noopener">
                {m.desk_page_open()}
              </a>
            )}
          </section>
        </div>
      </div>
      <Dialog open={preview !== null} onClose={() => setPreview(null)} title={preview === 375 ? m.desk_preview_phone() : m.desk_preview_desktop()} wide>
        {preview && <iframe className="preview-frame" title={m.desk_preview_frame()} src={`/desk/pages/preview/${lang}/${page}?rev=${ws.rev}`} width={preview} />}
      </Dialog>
    </main>
  );
}
