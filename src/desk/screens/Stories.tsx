/**
 * The story list (docs/desk.md "Stories"): every article of the site, newest
 * change first, filtered by language, state, section, author, mine and text
 * (the filters live in the address, so a filtered list can be shared and
 * the back button returns to it), 50 a page.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import * as m from '../../paraglide/messages.js';
import { STORY_STATES, type StoryItem } from '../../lib/desk-story.ts';
import { api, DeskApiError, query } from '../api.ts';
import { count, useLocale, when } from '../i18n.ts';
import { Link, navigate, searchParams, usePath } from '../router.tsx';
import { Button, Dialog, langLabel, Notice, ScreenTitle, SelectField, StateBadge, stateLabel, TextField } from '../ui.tsx';
import { useSession } from '../session.tsx';
import type { FrontWorkspace } from '../../lib/front-page.ts';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales.ts';

interface Section {
  id: number;
  name: string;
  parent: string | null;
}

/** Pins a story to its language's front page (docs/desk.md "Front page"): where, then the server's answer (a refusal says why). */
function PinDialog({ story, onClose }: { story: StoryItem | null; onClose: () => void }) {
  const [ws, setWs] = useState<FrontWorkspace | null>(null);
  const [target, setTarget] = useState('slider');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  useEffect(() => {
    setWs(null);
    setMessage(null);
    if (story) api<FrontWorkspace>('GET', `/api/desk/front/${story.lang}`).then(setWs, (e: unknown) => setMessage({ kind: 'error', text: (e as Error).message }));
  }, [story]);
  const pin = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!story || !ws) return;
    const [list, block] = target.startsWith('une.') ? ['une', Number(target.slice(4))] : [target, 0];
    try {
      setWs(await api<FrontWorkspace>('POST', `/api/desk/front/${story.lang}/pin`, { rev: ws.rev, article: story.id, list, block }));
      setMessage({ kind: 'success', text: m.desk_front_pinned() });
    } catch (error) {
      const text = error instanceof DeskApiError ? (Object.values(error.errors).flat()[0] ?? error.message) : m.desk_err_500();
      setMessage({ kind: 'error', text });
    }
  };
  return (
    <Dialog open={story !== null} onClose={onClose} title={story ? m.desk_front_pin_from_list_named({ title: story.title || m.desk_untitled() }) : ''}>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {ws && (
        <form className="stack" onSubmit={(e) => void pin(e)}>
          <SelectField label={m.desk_front_pin_where()} value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="slider">{m.desk_front_slider()}</option>
            {ws.layout.une.map((b, i) => (
              <option key={i} value={`une.${i}`}>
                {m.desk_front_une()} — {b.title || ws.sections.find((x) => x.id === b.masterTagId)?.name || m.desk_front_block_n({ n: String(i + 1) })}
              </option>
            ))}
            <option value="hot">{m.desk_front_hot()}</option>
          </SelectField>
          <Button kind="primary" type="submit">
            {m.desk_front_pin()}
          </Button>
        </form>
      )}
    </Dialog>
  );
}

export default function StoriesScreen() {
  const path = usePath();
  const locale = useLocale();
  const params = searchParams(path);
  const filter = {
    lang: params.get('lang') ?? '',
    state: params.get('state') ?? '',
    section: params.get('section') ?? '',
    author: params.get('author') ?? '',
    mine: params.get('mine') ?? '',
    q: params.get('q') ?? '',
    after: params.get('after') ?? '',
  };
  const [page, setPage] = useState<{ items: StoryItem[]; next: string | null; total: number; totalCapped: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sections, setSections] = useState<Section[]>([]);
  const [text, setText] = useState(filter.q);
  const [authorText, setAuthorText] = useState('');
  const [authors, setAuthors] = useState<{ id: number; nameAr: string; nameFr: string }[]>([]);
  const [creating, setCreating] = useState(false);
  const [pinning, setPinning] = useState<StoryItem | null>(null);
  const { session } = useSession();
  const curator = session?.person?.role === 'editor' || session?.person?.role === 'admin';
  const key = JSON.stringify(filter);

  useEffect(() => {
    const ctrl = new AbortController();
    setError(null);
    api<{ items: StoryItem[]; next: string | null; total: number; totalCapped: boolean }>('GET', `/api/desk/stories${query(filter)}`, undefined, ctrl.signal)
      .then(setPage)
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') setError((e as Error).message);
      });
    return () => ctrl.abort();
  }, [key]);

  useEffect(() => {
    api<Section[]>('GET', `/api/desk/sections${query({ lang: filter.lang || locale })}`)
      .then(setSections)
      .catch(() => setSections([]));
  }, [filter.lang, locale]);

  useEffect(() => {
    if (authorText.trim().length < 2) return setAuthors([]);
    const t = setTimeout(() => {
      api<{ id: number; nameAr: string; nameFr: string }[]>('GET', `/api/desk/authors${query({ q: authorText })}`)
        .then(setAuthors)
        .catch(() => setAuthors([]));
    }, 200);
    return () => clearTimeout(t);
  }, [authorText]);

  const set = (changes: Partial<typeof filter>) => navigate(`/desk${query({ ...filter, after: '', ...changes })}`);

  const create = async (lang: Locale) => {
    setCreating(true);
    try {
      const { id } = await api<{ id: number }>('POST', '/api/desk/stories', { lang });
      navigate(`/desk/stories/${id}`);
    } catch (e) {
      setError(e instanceof DeskApiError ? e.message : m.desk_err_500());
    } finally {
      setCreating(false);
    }
  };

  const search = (e: SubmitEvent) => {
    e.preventDefault();
    set({ q: text.trim() });
  };

  return (
    <main id="main" className="screen">
      <div className="toolbar-row">
        <ScreenTitle>{m.desk_nav_stories()}</ScreenTitle>
        <div className="actions" style={{ marginInlineStart: 'auto' }}>
          <Button kind="primary" disabled={creating} onClick={() => void create('ar')}>
            {m.desk_new_story_ar()}
          </Button>
          <Button kind="primary" disabled={creating} onClick={() => void create('fr')}>
            {m.desk_new_story_fr()}
          </Button>
        </div>
      </div>
      <form className="toolbar-row panel" onSubmit={search} role="search" aria-label={m.desk_filters()}>
        <TextField label={m.desk_search()} type="search" value={text} onChange={(e) => setText(e.target.value)} />
        <SelectField label={m.desk_language()} value={filter.lang} onChange={(e) => set({ lang: e.target.value, section: '' })}>
          <option value="">{m.desk_all()}</option>
          <option value="ar">{langLabel('ar')}</option>
          <option value="fr">{langLabel('fr')}</option>
        </SelectField>
        <SelectField label={m.desk_state()} value={filter.state} onChange={(e) => set({ state: e.target.value })}>
          <option value="">{m.desk_all()}</option>
          {STORY_STATES.map((s) => (
            <option key={s} value={s}>
              {stateLabel(s)}
            </option>
          ))}
        </SelectField>
        <SelectField label={m.desk_section()} value={filter.section} onChange={(e) => set({ section: e.target.value })}>
          <option value="">{m.desk_all()}</option>
          {sections.map((s) => (
            <option key={s.id} value={s.id}>
              {s.parent ? `${s.parent} › ${s.name}` : s.name}
            </option>
          ))}
        </SelectField>
        <div>
          <TextField label={m.desk_author()} list="desk-authors" value={authorText} onChange={(e) => {
            setAuthorText(e.target.value);
            const found = authors.find((a) => a.nameAr === e.target.value || a.nameFr === e.target.value);
            if (found) set({ author: String(found.id) });
            else if (!e.target.value) set({ author: '' });
          }} />
          <datalist id="desk-authors">
            {authors.map((a) => (
              <option key={a.id} value={locale === 'ar' ? a.nameAr : a.nameFr} />
            ))}
          </datalist>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={filter.mine === '1'} onChange={(e) => set({ mine: e.target.checked ? '1' : '' })} /> {m.desk_mine()}
        </label>
        <Button type="submit">{m.desk_search_submit()}</Button>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      {page && (
        <>
          <p role="status">{page.totalCapped ? m.desk_story_count_more({ count: count(page.total) }) : m.desk_story_count({ count: count(page.total) })}</p>
          <table className="list">
            <caption className="visually-hidden">{m.desk_nav_stories()}</caption>
            <thead>
              <tr>
                <th scope="col">{m.desk_headline()}</th>
                <th scope="col">{m.desk_state()}</th>
                <th scope="col">{m.desk_language()}</th>
                <th scope="col">{m.desk_section()}</th>
                <th scope="col">{m.desk_author()}</th>
                <th scope="col">{m.desk_updated()}</th>
                {curator && <th scope="col">{m.desk_nav_front()}</th>}
              </tr>
            </thead>
            <tbody>
              {page.items.map((s) => (
                <tr key={s.id}>
                  <td lang={s.lang} dir={LOCALE_CONFIG[s.lang].dir}>
                    <Link href={`/desk/stories/${s.id}`}>{s.title || m.desk_untitled()}</Link>
                    {s.pending && <span className="hint"> · {m.desk_pending()}</span>}
                  </td>
                  <td>
                    <StateBadge state={s.state} />
                  </td>
                  <td>{langLabel(s.lang)}</td>
                  <td>{s.section ?? '—'}</td>
                  <td>{s.author ?? s.owner ?? '—'}</td>
                  <td>{when(s.updatedAt, locale)}</td>
                  {curator && (
                    <td>
                      <Button kind="quiet" onClick={() => setPinning(s)} aria-label={m.desk_front_pin_from_list_named({ title: s.title || m.desk_untitled() })}>
                        {m.desk_front_pin()}
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          {page.items.length === 0 && <p>{m.desk_no_stories()}</p>}
          <div className="pager">
            {filter.after && <Link href={`/desk${query({ ...filter, after: '' })}`}>{m.desk_first_page()}</Link>}
            {page.next && <Link href={`/desk${query({ ...filter, after: page.next })}`}>{m.desk_next_page()}</Link>}
          </div>
        </>
      )}
      {curator && <PinDialog story={pinning} onClose={() => setPinning(null)} />}
    </main>
  );
}
