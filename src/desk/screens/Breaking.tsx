/**
 * Breaking news (docs/desk.md "Breaking news"): each language's ticker
 * (titles and links, ordered, saved as a whole) and a push of a published
 * story to that language's subscribers, after a confirmation that gives
 * their number; the pushes sent, with their progress while they go out.
 * Editors and admins change and send; journalists read.
 */
import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import * as m from '../../paraglide/messages.js';
import { api, problemOf, query, type Problem } from '../api.ts';
import { count, useLocale, when } from '../i18n.ts';
import { useSession } from '../session.tsx';
import { Button, Dialog, langLabel, Notice, ScreenTitle, SelectField, TextField } from '../ui.tsx';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales.ts';


interface TickerItem {
  id?: number;
  title: string;
  url: string;
}

interface Push {
  id: number;
  title: string;
  state: 'sending' | 'sent';
  createdAt: string;
  progress: { recipients: number; sent: number; dropped: number; failed: number; remaining: number };
}

interface Ticker {
  items: (TickerItem & { id: number; articleId: number | null })[];
  subscribers: number;
  pushes: Push[];
}


function PushCounts({ p }: { p: Push['progress'] }) {
  return <span data-push-counts={JSON.stringify(p)}>{m.desk_push_counts({ recipients: count(p.recipients), sent: count(p.sent), dropped: count(p.dropped), failed: count(p.failed), remaining: count(p.remaining) })}</span>;
}

export default function BreakingScreen() {
  const locale = useLocale();
  const { session } = useSession();
  const mayChange = session?.person?.role !== 'journalist';
  const [lang, setLang] = useState<Locale>(locale);
  const [data, setData] = useState<Ticker | null>(null);
  const [items, setItems] = useState<TickerItem[]>([]);
  const [problem, setProblem] = useState<Problem>(null);
  const [saved, setSaved] = useState(false);
  const [q, setQ] = useState('');
  const [found, setFound] = useState<{ id: number; title: string }[]>([]);
  const [story, setStory] = useState<{ id: number; title: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** The ticker, subscribers and pushes; the ticker's items only when asked (not over the person's edits). */
  const load = useCallback(
    (withItems = false) => {
      api<Ticker>('GET', `/api/desk/breaking/${lang}`).then(
        (t) => {
          setData(t);
          if (withItems) setItems(t.items.map((i) => ({ id: i.id, title: i.title, url: i.url })));
        },
        (e: unknown) => setProblem(problemOf(e)),
      );
    },
    [lang],
  );
  useEffect(() => {
    setStory(null);
    load(true);
  }, [load]);
  // While a push goes out, its counts every two seconds.
  const sending = data?.pushes.some((p) => p.state === 'sending') ?? false;
  useEffect(() => {
    if (!sending) return;
    const t = setInterval(() => load(), 2000);
    return () => clearInterval(t);
  }, [sending, load]);
  useEffect(() => {
    const ctl = new AbortController();
    const t = setTimeout(() => {
      api<{ items: { id: number; title: string }[] }>('GET', `/api/desk/stories${query({ lang, state: 'published', q: q.trim() || undefined })}`, undefined, ctl.signal).then(
        (r) => setFound(r.items.slice(0, 6)),
        () => undefined,
      );
    }, 250);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [lang, q]);

  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    setProblem(null);
    setSaved(false);
    try {
      const body = { items: items.map((i) => (i.id ? { id: i.id, title: i.title, url: i.url } : { title: i.title, url: i.url })) };
      const result = await api<Ticker['items']>('PUT', `/api/desk/breaking/${lang}`, body);
      setItems(result.map((i) => ({ id: i.id, title: i.title, url: i.url })));
      setSaved(true);
    } catch (err) {
      setProblem(problemOf(err));
    }
  };
  const set = (i: number, patch: Partial<TickerItem>) => setItems(items.map((x, k) => (k === i ? { ...x, ...patch } : x)));
  const move = (i: number, by: number) => {
    const next = [...items];
    const [x] = next.splice(i, 1);
    next.splice(i + by, 0, x!);
    setItems(next);
  };
  const push = async () => {
    setConfirming(false);
    setProblem(null);
    try {
      await api('POST', '/api/desk/push', { articleId: story!.id, lang });
      setStory(null);
      load();
    } catch (err) {
      setProblem(problemOf(err));
    }
  };

  return (
    <main id="main" className="screen stack">
      <ScreenTitle>{m.desk_nav_breaking()}</ScreenTitle>
      <p>{m.desk_br_lead()}</p>
      <SelectField label={m.desk_br_lang()} value={lang} onChange={(e) => setLang(e.target.value as Locale)}>
        <option value="ar">{langLabel('ar')}</option>
        <option value="fr">{langLabel('fr')}</option>
      </SelectField>
      {problem && <Notice kind="error">{problem.message}</Notice>}
      {saved && <Notice kind="success">{m.desk_br_saved()}</Notice>}
      <section className="panel stack" aria-labelledby="br-ticker">
        <h2 id="br-ticker">{m.desk_br_ticker()}</h2>
        {items.length === 0 && <p>{m.desk_br_empty()}</p>}
        {problem?.errors.items && <p className="error">{problem.errors.items.join(' ')}</p>}
        <form className="stack" onSubmit={(e) => void save(e)} noValidate>
          <ol className="stack">
            {items.map((item, i) => (
              <li key={item.id ?? `new-${i}`} className="toolbar-row">
                <TextField label={m.desk_br_item_title()} dir={LOCALE_CONFIG[lang].dir} lang={lang} value={item.title} maxLength={300} disabled={!mayChange} onChange={(e) => set(i, { title: e.target.value })} errors={problem?.errors[`items.${i}.title`]} />
                <TextField label={m.desk_br_item_url()} dir="ltr" value={item.url} maxLength={2000} disabled={!mayChange} onChange={(e) => set(i, { url: e.target.value })} errors={problem?.errors[`items.${i}.url`]} />
                {mayChange && (
                  <span className="actions">
                    <Button kind="quiet" disabled={i === 0} onClick={() => move(i, -1)} aria-label={m.desk_br_up_named({ title: item.title })}>
                      ↑
                    </Button>
                    <Button kind="quiet" disabled={i === items.length - 1} onClick={() => move(i, 1)} aria-label={m.desk_br_down_named({ title: item.title })}>
                      ↓
                    </Button>
                    <Button kind="quiet" onClick={() => setItems(items.filter((_, k) => k !== i))} aria-label={m.desk_br_remove_named({ title: item.title })}>
                      ×
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ol>
          {mayChange && (
            <div className="actions">
              <Button onClick={() => setItems([...items, { title: '', url: '' }])}>{m.desk_br_add()}</Button>
              <Button kind="primary" type="submit" disabled={items.length === 0}>
                {m.desk_br_save()}
              </Button>
            </div>
          )}
          <p className="hint">{m.desk_br_clear_hint()}</p>
        </form>
      </section>
      <section className="panel stack" aria-labelledby="br-push">
        <h2 id="br-push">{m.desk_push()}</h2>
        {data && <p data-push-subscribers={data.subscribers}>{m.desk_push_subscribers({ count: count(data.subscribers) })}</p>}
        {mayChange && (
          <>
            <TextField label={m.desk_push_story()} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
            <ul className="plain">
              {found.map((f) => (
                <li key={f.id}>
                  <Button kind="quiet" aria-pressed={story?.id === f.id} onClick={() => setStory(f)} aria-label={m.desk_push_pick_named({ title: f.title })}>
                    <span dir="auto">{f.title}</span>
                  </Button>
                </li>
              ))}
            </ul>
            {story && <p>{m.desk_push_picked({ title: story.title })}</p>}
            <Button kind="primary" disabled={!story} onClick={() => setConfirming(true)}>
              {m.desk_push_send()}
            </Button>
          </>
        )}
        <Dialog open={confirming} onClose={() => setConfirming(false)} title={m.desk_push_confirm_title()}>
          <p>{m.desk_push_confirm_text({ count: count(data?.subscribers ?? 0), title: story?.title ?? '' })}</p>
          <div className="actions">
            <Button kind="primary" onClick={() => void push()}>
              {m.desk_push_confirm({ count: count(data?.subscribers ?? 0) })}
            </Button>
            <Button onClick={() => setConfirming(false)}>{m.desk_close()}</Button>
          </div>
        </Dialog>
      </section>
      <section className="stack" aria-labelledby="br-history">
        <h2 id="br-history">{m.desk_push_history()}</h2>
        {data && data.pushes.length === 0 && <p>{m.desk_push_none()}</p>}
        {data && data.pushes.length > 0 && (
          <div className="table-scroll" tabIndex={0} role="region" aria-label={m.desk_push_history()}>
            <table className="list">
              <caption className="visually-hidden">{m.desk_push_history()}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.desk_push_when()}</th>
                  <th scope="col">{m.desk_br_item_title()}</th>
                  <th scope="col">{m.desk_state()}</th>
                </tr>
              </thead>
              <tbody>
                {data.pushes.map((p) => (
                  <tr key={p.id} data-push={p.id}>
                    <td>{when(p.createdAt, locale)}</td>
                    <td dir="auto">{p.title}</td>
                    <td>
                      {p.state === 'sending' ? m.desk_push_state_sending() : m.desk_push_state_sent()} · <PushCounts p={p.progress} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}
