/**
 * The newsletter (docs/desk.md "Newsletter"), for editors and admins:
 *
 *  - /desk/newsletter: the confirmed subscribers, the editions with their
 *    progress, a new edition, each language's daily edition;
 *  - /desk/newsletter/:id: one edition: its stories (chosen, ordered, or
 *    taken from the front page), its HTML and plain-text previews, a test
 *    to oneself, scheduling, sending (after a confirmation that gives the
 *    number of recipients), and while it goes out its delivery counts.
 */
import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import * as m from '../../paraglide/messages.js';
import { api, apiText, problemOf, query, type Problem } from '../api.ts';
import { count, useLocale, when } from '../i18n.ts';
import { Link, navigate } from '../router.tsx';
import { Button, Dialog, langLabel, Notice, ScreenTitle, SelectField, TextArea, TextField } from '../ui.tsx';
import type { Locale } from '../../i18n/locales.ts';

type EditionState = 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';

interface Progress {
  recipients: number;
  queued: number;
  delivered: number;
  failed: number;
  waiting: number;
}

interface Edition {
  id: number;
  lang: Locale;
  subject: string;
  intro: string;
  storyIds: number[];
  state: EditionState;
  scheduledAt: string | null;
  daily: boolean;
  createdAt: string;
  progress: Progress;
}

interface Overview {
  editions: Edition[];
  daily: { lang: Locale; enabled: boolean; time: string; lastDay: string | null }[];
  subscribers: Record<Locale, number>;
}

interface Story {
  id: number;
  title: string;
}



function stateLabel(state: EditionState): string {
  switch (state) {
    case 'draft':
      return m.desk_nl_state_draft();
    case 'scheduled':
      return m.desk_nl_state_scheduled();
    case 'sending':
      return m.desk_nl_state_sending();
    case 'sent':
      return m.desk_nl_state_sent();
    case 'cancelled':
      return m.desk_nl_state_cancelled();
  }
}

function Counts({ p }: { p: Progress }) {
  return (
    <div className="stack">
      <progress max={Math.max(1, p.recipients)} value={p.delivered} aria-label={m.desk_nl_progress({ delivered: count(p.delivered), recipients: count(p.recipients) })} />
      <p data-counts={JSON.stringify(p)}>
        {m.desk_nl_counts({ recipients: count(p.recipients), queued: count(p.queued), delivered: count(p.delivered), waiting: count(p.waiting), failed: count(p.failed) })}
      </p>
    </div>
  );
}

/** The edition's stories: chosen by search, ordered with buttons, or the front page's. */
function StoryPicker({ lang, stories, onChange, errors }: { lang: Locale; stories: Story[]; onChange: (s: Story[]) => void; errors: Record<string, string[]> }) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Story[]>([]);
  useEffect(() => {
    const ctl = new AbortController();
    const t = setTimeout(() => {
      api<{ items: Story[] }>('GET', `/api/desk/stories${query({ lang, state: 'published', q: q.trim() || undefined })}`, undefined, ctl.signal)
        .then((r) => setFound(r.items.slice(0, 8)))
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [lang, q]);
  const frontPage = async () => onChange((await api<{ stories: Story[] }>('GET', `/api/desk/newsletter/default${query({ lang })}`)).stories);
  const move = (i: number, by: number) => {
    const next = [...stories];
    const [s] = next.splice(i, 1);
    next.splice(i + by, 0, s!);
    onChange(next);
  };
  return (
    <fieldset className="panel stack">
      <legend>{m.desk_nl_stories()}</legend>
      <Button onClick={() => void frontPage()}>{m.desk_nl_front_page()}</Button>
      {stories.length === 0 ? <p>{m.desk_nl_none()}</p> : null}
      {errors.storyIds ? <p className="error">{errors.storyIds.join(' ')}</p> : null}
      <ol>
        {stories.map((s, i) => (
          <li key={s.id} data-story={s.id}>
            <span dir="auto">{s.title}</span>
            {errors[`storyIds.${i}`] ? <span className="error"> {errors[`storyIds.${i}`]!.join(' ')}</span> : null}
            <span className="actions">
              <Button kind="quiet" disabled={i === 0} onClick={() => move(i, -1)} aria-label={m.desk_nl_up_named({ title: s.title })}>
                ↑
              </Button>
              <Button kind="quiet" disabled={i === stories.length - 1} onClick={() => move(i, 1)} aria-label={m.desk_nl_down_named({ title: s.title })}>
                ↓
              </Button>
              <Button kind="quiet" onClick={() => onChange(stories.filter((x) => x.id !== s.id))} aria-label={m.desk_nl_remove_named({ title: s.title })}>
                ×
              </Button>
            </span>
          </li>
        ))}
      </ol>
      <TextField label={m.desk_nl_search()} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      <ul className="plain">
        {found
          .filter((f) => !stories.some((s) => s.id === f.id))
          .map((f) => (
            <li key={f.id}>
              <Button kind="quiet" onClick={() => onChange([...stories, { id: f.id, title: f.title }])} aria-label={m.desk_nl_add_named({ title: f.title })}>
                + <span dir="auto">{f.title}</span>
              </Button>
            </li>
          ))}
      </ul>
    </fieldset>
  );
}

function EditionForm({ edition, onSaved }: { edition: Edition | null; onSaved: (e: Edition) => void }) {
  const locale = useLocale();
  const [lang, setLang] = useState<Locale>(edition?.lang ?? locale);
  const [subject, setSubject] = useState(edition?.subject ?? '');
  const [intro, setIntro] = useState(edition?.intro ?? '');
  const [stories, setStories] = useState<Story[]>([]);
  const [problem, setProblem] = useState<Problem>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!edition || edition.storyIds.length === 0) return;
    // The titles of the edition's stories, in its order.
    void Promise.all(edition.storyIds.map((id) => api<{ doc: { title: string } }>('GET', `/api/desk/stories/${id}`).then((s) => ({ id, title: s.doc.title }), () => ({ id, title: `#${id}` })))).then(setStories);
  }, [edition]);
  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    setProblem(null);
    setSaved(false);
    const body = { lang, subject, intro, storyIds: stories.map((s) => s.id) };
    try {
      const result = edition ? await api<Edition>('PUT', `/api/desk/newsletter/${edition.id}`, body) : await api<Edition>('POST', '/api/desk/newsletter', body);
      setSaved(true);
      onSaved(result);
    } catch (err) {
      setProblem(problemOf(err));
    }
  };
  return (
    <form className="stack" onSubmit={(e) => void save(e)} noValidate>
      {problem && <Notice kind="error">{problem.message}</Notice>}
      {saved && <Notice kind="success">{m.desk_nl_saved()}</Notice>}
      <SelectField
        label={m.desk_nl_lang()}
        value={lang}
        onChange={(e) => {
          setLang(e.target.value as Locale);
          setStories([]);
        }}
        disabled={Boolean(edition)}
      >
        <option value="ar">{langLabel('ar')}</option>
        <option value="fr">{langLabel('fr')}</option>
      </SelectField>
      <TextField label={m.desk_nl_subject()} dir="auto" value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} errors={problem?.errors.subject} />
      <TextArea label={m.desk_nl_intro()} dir="auto" value={intro} maxLength={2000} rows={3} onChange={(e) => setIntro(e.target.value)} errors={problem?.errors.intro} />
      <StoryPicker lang={lang} stories={stories} onChange={setStories} errors={problem?.errors ?? {}} />
      <Button kind="primary" type="submit">
        {m.desk_nl_save()}
      </Button>
    </form>
  );
}

function DailySettings({ daily, onSaved }: { daily: Overview['daily']; onSaved: () => void }) {
  const [values, setValues] = useState(daily);
  const [problem, setProblem] = useState<Problem>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setValues(daily), [daily]);
  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    setProblem(null);
    setSaved(false);
    try {
      for (const d of values) await api('PUT', `/api/desk/newsletter/daily/${d.lang}`, { enabled: d.enabled, time: d.time });
      setSaved(true);
      onSaved();
    } catch (err) {
      setProblem(problemOf(err));
    }
  };
  const set = (lang: Locale, patch: Partial<Overview['daily'][number]>) => setValues(values.map((v) => (v.lang === lang ? { ...v, ...patch } : v)));
  return (
    <section className="panel stack" aria-labelledby="nl-daily">
      <h2 id="nl-daily">{m.desk_nl_daily()}</h2>
      <p className="hint">{m.desk_nl_daily_hint()}</p>
      {problem && <Notice kind="error">{problem.message}</Notice>}
      {saved && <Notice kind="success">{m.desk_nl_daily_saved()}</Notice>}
      <form className="stack" onSubmit={(e) => void save(e)} noValidate>
        {values.map((d) => (
          <div key={d.lang} className="toolbar-row">
            <label className="checkbox">
              <input type="checkbox" checked={d.enabled} onChange={(e) => set(d.lang, { enabled: e.target.checked })} />
              {m.desk_nl_daily_on({ lang: langLabel(d.lang) })}
            </label>
            <TextField label={m.desk_nl_daily_time({ lang: langLabel(d.lang) })} type="time" dir="ltr" value={d.time} onChange={(e) => set(d.lang, { time: e.target.value })} errors={problem?.errors.time} />
          </div>
        ))}
        <Button type="submit">{m.desk_nl_daily_save()}</Button>
      </form>
    </section>
  );
}

export default function NewsletterScreen() {
  const locale = useLocale();
  const [data, setData] = useState<Overview | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const load = useCallback(() => {
    api<Overview>('GET', '/api/desk/newsletter').then(setData, (e: unknown) => setProblem(problemOf(e)));
  }, []);
  useEffect(load, [load]);
  return (
    <main id="main" className="screen stack">
      <ScreenTitle>{m.desk_nav_newsletter()}</ScreenTitle>
      <p>{m.desk_nl_lead()}</p>
      {problem && <Notice kind="error">{problem.message}</Notice>}
      {data && <p data-subscribers>{m.desk_nl_subscribers({ ar: count(data.subscribers.ar), fr: count(data.subscribers.fr) })}</p>}
      <section className="panel stack" aria-labelledby="nl-new">
        <h2 id="nl-new">{m.desk_nl_new()}</h2>
        <EditionForm edition={null} onSaved={(e) => navigate(`/desk/newsletter/${e.id}`)} />
      </section>
      {data && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={m.desk_nl_editions()}>
          <table className="list">
            <caption>{m.desk_nl_editions()}</caption>
            <thead>
              <tr>
                <th scope="col">{m.desk_nl_subject()}</th>
                <th scope="col">{m.desk_nl_lang()}</th>
                <th scope="col">{m.desk_state()}</th>
                <th scope="col">{m.desk_created()}</th>
              </tr>
            </thead>
            <tbody>
              {data.editions.map((e) => (
                <tr key={e.id}>
                  <td dir="auto">
                    <Link href={`/desk/newsletter/${e.id}`} aria-label={m.desk_nl_open_named({ subject: e.subject })}>
                      {e.subject}
                    </Link>
                    {e.daily ? ` (${m.desk_nl_daily_badge()})` : ''}
                  </td>
                  <td>{langLabel(e.lang)}</td>
                  <td>
                    {stateLabel(e.state)}
                    {e.state === 'sending' || e.state === 'sent' ? ` · ${m.desk_nl_progress({ delivered: count(e.progress.delivered), recipients: count(e.progress.recipients) })}` : ''}
                  </td>
                  <td>{when(e.createdAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <DailySettings daily={data.daily} onSaved={load} />}
    </main>
  );
}

export function EditionScreen({ params }: { params: Record<string, string> }) {
  const locale = useLocale();
  const id = params.id!;
  const [edition, setEdition] = useState<Edition | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [version, setVersion] = useState(0);
  const [at, setAt] = useState('');
  const [confirming, setConfirming] = useState(false);
  const load = useCallback(() => {
    api<Edition>('GET', `/api/desk/newsletter/${encodeURIComponent(id)}`).then(setEdition, (e: unknown) => setProblem(problemOf(e)));
  }, [id]);
  useEffect(load, [load]);
  // While it goes out, the counts every two seconds.
  useEffect(() => {
    if (edition?.state !== 'sending') return;
    const t = setInterval(load, 2000);
    return () => clearInterval(t);
  }, [edition?.state, load]);
  useEffect(() => {
    if (!edition) return;
    void apiText(`/api/desk/newsletter/${edition.id}/preview?format=text&v=${version}`).then(setText);
  }, [edition?.id, version]);
  if (!edition) return <main id="main" className="screen">{problem ? <Notice kind="error">{problem.message}</Notice> : <p className="loading">{m.desk_loading()}</p>}</main>;
  const act = async (run: () => Promise<Edition | string>) => {
    setProblem(null);
    setNotice(null);
    try {
      const r = await run();
      if (typeof r === 'string') setNotice(r);
      else setEdition(r);
    } catch (err) {
      setProblem(problemOf(err));
    }
  };
  const editable = edition.state === 'draft' || edition.state === 'scheduled';
  const test = () => act(async () => m.desk_nl_test_sent({ to: (await api<{ to: string }>('POST', `/api/desk/newsletter/${edition.id}/test`)).to }));
  const schedule = () =>
    // The wall-clock time as typed: the server makes it an instant with its own time-zone data.
    act(() => api<Edition>('POST', `/api/desk/newsletter/${edition.id}/send`, { at }));
  const send = () => {
    setConfirming(false);
    return act(() => api<Edition>('POST', `/api/desk/newsletter/${edition.id}/send`, {}));
  };
  return (
    <main id="main" className="screen stack">
      <p>
        <Link href="/desk/newsletter">{m.desk_nl_back()}</Link>
      </p>
      <ScreenTitle>
        <span dir="auto">{edition.subject}</span>
      </ScreenTitle>
      <p data-state={edition.state}>
        {langLabel(edition.lang)} · {stateLabel(edition.state)}
        {edition.state === 'scheduled' && edition.scheduledAt ? ` · ${m.desk_nl_scheduled_for({ at: when(edition.scheduledAt, locale) })}` : ''}
      </p>
      {problem && <Notice kind="error">{problem.message}{problem.errors.at ? ` ${problem.errors.at.join(' ')}` : ''}</Notice>}
      {notice && <Notice kind="success">{notice}</Notice>}
      {(edition.state === 'sending' || edition.state === 'sent') && <Counts p={edition.progress} />}
      {editable && (
        <section className="panel stack" aria-labelledby="nl-send">
          <h2 id="nl-send">{m.desk_nl_send()}</h2>
          <div className="actions">
            <Button onClick={() => void test()}>{m.desk_nl_test()}</Button>
            <Button kind="primary" onClick={() => setConfirming(true)}>
              {m.desk_nl_send()}
            </Button>
            <Button kind="danger" onClick={() => void act(() => api<Edition>('POST', `/api/desk/newsletter/${edition.id}/cancel`))}>
              {m.desk_nl_cancel()}
            </Button>
          </div>
          <div className="toolbar-row">
            <TextField label={m.desk_nl_schedule_at()} type="datetime-local" dir="ltr" value={at} onChange={(e) => setAt(e.target.value)} errors={problem?.errors.at} />
            <Button disabled={!at} onClick={() => void schedule()}>
              {m.desk_nl_schedule()}
            </Button>
          </div>
        </section>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={m.desk_nl_confirm_title()}>
        <p>{m.desk_nl_confirm_text({ count: count(edition.progress.recipients) })}</p>
        <div className="actions">
          <Button kind="primary" onClick={() => void send()}>
            {m.desk_nl_confirm({ count: count(edition.progress.recipients) })}
          </Button>
          <Button onClick={() => setConfirming(false)}>{m.desk_close()}</Button>
        </div>
      </Dialog>
      <section className="stack" aria-labelledby="nl-preview">
        <h2 id="nl-preview">{m.desk_nl_preview_html()}</h2>
        <iframe className="preview-frame mail-frame" title={m.desk_nl_preview_html()} src={`/api/desk/newsletter/${edition.id}/preview?v=${version}`} sandbox="" />
        <h2>{m.desk_nl_preview_text()}</h2>
        <pre className="panel mail-text" dir="auto" tabIndex={0}>
          {text}
        </pre>
      </section>
      {editable && (
        <section className="panel stack" aria-labelledby="nl-edit">
          <h2 id="nl-edit">{m.desk_nl_edit()}</h2>
          <EditionForm
            edition={edition}
            onSaved={(e) => {
              setEdition(e);
              setVersion((v) => v + 1);
            }}
          />
        </section>
      )}
    </main>
  );
}

