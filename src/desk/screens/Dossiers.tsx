/**
 * The dossiers (docs/desk.md "Dossiers"), for editors and admins: each
 * language's list (retired ones last) and a new dossier by its title; a
 * dossier's title, description and text (the desk's editor), its stories
 * put in order by dragging or by the keyboard (sortable.tsx), added by
 * search (a story of the other language or withdrawn is refused, saying
 * why) or removed; saved, or retired (its page answers 410).
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import * as m from '../../paraglide/messages.js';
import type { FrontStory } from '../../lib/front-page.ts';
import type { StoryItem } from '../../lib/desk-story.ts';
import { api, DeskApiError, query } from '../api.ts';
import { removedText, RichText } from '../editor/RichText.tsx';
import { useLocale, when } from '../i18n.ts';
import { Link, navigate, searchParams, usePath } from '../router.tsx';
import { SortableStories } from '../sortable.tsx';
import { Button, langLabel, Notice, ScreenTitle, StateBadge, TextArea, TextField, TitleWithLanguages } from '../ui.tsx';
import { LOCALE_CONFIG, toLocale, type Locale } from '../../i18n/locales.ts';

interface DossierRow {
  id: number;
  title: string;
  path: string;
  storyCount: number;
  retiredAt: string | null;
  updatedAt: string | null;
}

interface Dossier {
  id: number;
  lang: Locale;
  title: string;
  description: string;
  body: string;
  stories: number[];
  storyItems: Record<string, FrontStory>;
  path: string;
  retiredAt: string | null;
}

type Message = { kind: 'error' | 'success' | 'warning'; text: string } | null;

export function DossierList() {
  const path = usePath();
  const locale = useLocale();
  const lang = toLocale(searchParams(path).get('lang'), locale);
  const [rows, setRows] = useState<DossierRow[] | null>(null);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  useEffect(() => {
    setRows(null);
    api<DossierRow[]>('GET', `/api/desk/dossiers${query({ lang })}`).then(setRows, (e: unknown) => setMessage({ kind: 'error', text: (e as Error).message }));
  }, [lang]);
  const create = async (e: SubmitEvent) => {
    e.preventDefault();
    try {
      const made = await api<Dossier>('POST', '/api/desk/dossiers', { lang, title });
      navigate(`/desk/dossiers/${made.id}`);
    } catch (error) {
      if (error instanceof DeskApiError) setErrors(error.errors);
      setMessage({ kind: 'error', text: (error as Error).message });
    }
  };
  return (
    <main id="main" className="screen">
      <TitleWithLanguages title={m.desk_dossiers_title({ lang: langLabel(lang) })} lang={lang} href={(l) => `/desk/dossiers?lang=${l}`} />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <form className="toolbar-row panel" onSubmit={(e) => void create(e)}>
        <TextField label={m.desk_dossier_new_title()} value={title} maxLength={200} required errors={errors.title} onChange={(e) => setTitle(e.target.value)} lang={lang} dir={LOCALE_CONFIG[lang].dir} />
        <Button kind="primary" type="submit">
          {m.desk_dossier_create()}
        </Button>
      </form>
      {rows && (
        <table className="list">
          <caption className="visually-hidden">{m.desk_nav_dossiers()}</caption>
          <thead>
            <tr>
              <th scope="col">{m.desk_headline()}</th>
              <th scope="col">{m.desk_dossier_stories()}</th>
              <th scope="col">{m.desk_updated()}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.id}>
                <td lang={lang} dir={LOCALE_CONFIG[lang].dir}>
                  <Link href={`/desk/dossiers/${d.id}`}>{d.title}</Link>
                  {d.retiredAt && <span className="hint"> · {m.desk_dossier_retired()}</span>}
                </td>
                <td>{d.storyCount}</td>
                <td>{d.updatedAt ? when(d.updatedAt, locale) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows?.length === 0 && <p>{m.desk_dossier_none()}</p>}
    </main>
  );
}

export function DossierScreen({ params }: { params: Record<string, string> }) {
  const id = Number(params.id);
  const [d, setD] = useState<Dossier | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<StoryItem[] | null>(null);
  useEffect(() => {
    api<Dossier>('GET', `/api/desk/dossiers/${id}`).then(setD, (e: unknown) => setMessage({ kind: 'error', text: (e as Error).message }));
  }, [id]);
  if (!d) return <main id="main" className="screen">{message ? <Notice kind="error">{message.text}</Notice> : <p className="loading">{m.desk_loading()}</p>}</main>;

  /** Saves the whole dossier; false when it was refused (the message says why). */
  const save = async (next: Dossier = d): Promise<boolean> => {
    setBusy(true);
    setErrors({});
    try {
      setD(await api<Dossier>('PUT', `/api/desk/dossiers/${id}`, { title: next.title, description: next.description, body: next.body, stories: next.stories }));
      setMessage({ kind: 'success', text: m.desk_dossier_saved() });
      setBusy(false);
      return true;
    } catch (error) {
      if (error instanceof DeskApiError) setErrors(error.errors);
      const first = error instanceof DeskApiError ? Object.entries(error.errors)[0] : undefined;
      const story = first && /^stories\.(\d+)$/.test(first[0]) ? next.storyItems[String(next.stories[Number(first[0].slice(8))])] : undefined;
      setMessage({ kind: 'error', text: story && first ? m.desk_front_error_story({ title: story.title, message: first[1].join(' ') }) : (first?.[1].join(' ') ?? (error as Error).message) });
    }
    setBusy(false);
    return false;
  };
  const retire = async () => {
    if (!window.confirm(m.desk_dossier_retire_confirm())) return;
    try {
      setD(await api<Dossier>('POST', `/api/desk/dossiers/${id}/retire`));
      setMessage({ kind: 'success', text: m.desk_dossier_retired_done() });
    } catch (error) {
      setMessage({ kind: 'error', text: (error as Error).message });
    }
  };
  const find = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!search.trim()) return;
    setResults((await api<{ items: StoryItem[] }>('GET', `/api/desk/stories${query({ q: search.trim() })}`)).items.slice(0, 15));
  };
  const add = (s: StoryItem) => {
    if (d.stories.includes(s.id)) return;
    const next = { ...d, stories: [...d.stories, s.id], storyItems: { ...d.storyItems, [String(s.id)]: { id: s.id, lang: s.lang, title: s.title, state: s.state, path: null, publishedAt: s.publishedAt ?? '', section: s.section, uri: null } } };
    setD(next);
    // A refused story (another language's, withdrawn) does not stay in the list.
    void save(next).then((ok) => ok || setD(d));
  };
  const dir = LOCALE_CONFIG[d.lang].dir;
  return (
    <main id="main" className="screen">
      <div className="toolbar-row">
        <ScreenTitle>{d.title}</ScreenTitle>
        <Link href={`/desk/dossiers?lang=${d.lang}`}>{m.desk_dossier_back()}</Link>
      </div>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {d.retiredAt && <Notice kind="warning">{m.desk_dossier_retired()}</Notice>}
      <div className="editor-layout">
        <div className="stack" lang={d.lang} dir={dir}>
          <TextField label={m.desk_dossier_title()} value={d.title} maxLength={200} errors={errors.title} onChange={(e) => setD({ ...d, title: e.target.value })} />
          <TextArea label={m.desk_dossier_description()} value={d.description} maxLength={1000} errors={errors.description} onChange={(e) => setD({ ...d, description: e.target.value })} />
          <p className="label" id="dossier-body-label">
            {m.desk_dossier_body()}
          </p>
          <RichText
            html={d.body}
            lang={d.lang}
            labelledBy="dossier-body-label"
            onChange={(body) => setD((cur) => (cur ? { ...cur, body } : cur))}
            onSave={() => void save()}
            onPasteCleaned={(removed) => removed.size && setMessage({ kind: 'warning', text: removedText(removed) })}
          />
          <section className="panel" aria-labelledby="dossier-stories">
            <h2 id="dossier-stories">{m.desk_dossier_stories()}</h2>
            <SortableStories
              label={m.desk_dossier_stories()}
              name="dossier"
              ids={d.stories}
              stories={d.storyItems}
              onChange={(stories) => {
                const next = { ...d, stories };
                setD(next);
                void save(next);
              }}
              onRemove={(sid) => {
                const next = { ...d, stories: d.stories.filter((x) => x !== sid) };
                setD(next);
                void save(next);
              }}
            />
          </section>
        </div>
        <div className="stack editor-side">
          <section className="panel">
            <div className="actions">
              <Button kind="primary" disabled={busy} onClick={() => void save()}>
                {m.desk_dossier_save()}
              </Button>
              <a className="button button--secondary" href={d.path} target="_blank" rel="noopener">
                {m.desk_dossier_open()}
              </a>
              {!d.retiredAt && (
                <Button kind="danger" onClick={() => void retire()}>
                  {m.desk_dossier_retire()}
                </Button>
              )}
            </div>
          </section>
          <section className="panel" aria-labelledby="dossier-add">
            <h2 id="dossier-add">{m.desk_dossier_add()}</h2>
            <form className="toolbar-row" role="search" aria-label={m.desk_dossier_add()} onSubmit={(e) => void find(e)}>
              <TextField label={m.desk_search()} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
              <Button type="submit">{m.desk_search_submit()}</Button>
            </form>
            {results && (
              <ul className="plain front-results">
                {results.map((s) => (
                  <li key={s.id}>
                    <span lang={s.lang} dir={LOCALE_CONFIG[s.lang].dir}>
                      {s.title || m.desk_untitled()}
                    </span>{' '}
                    <StateBadge state={s.state} /> <span className="hint">{langLabel(s.lang)}</span>{' '}
                    <Button onClick={() => add(s)} aria-label={m.desk_dossier_add_named({ title: s.title || m.desk_untitled() })}>
                      {m.desk_dossier_add_one()}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </main>
  );
}
