/**
 * The front page of each language (docs/desk.md "Front page", ADR 040), for
 * editors and admins: the slider, La UNE's blocks (title, section, stories)
 * and the hot topics of the shared working copy, put in order by dragging
 * or by the keyboard alone (dnd-kit's sortable lists with its keyboard
 * sensor: Space or Enter picks a story up, the arrows move it, Space drops
 * it, Escape cancels; announced in the desk's language), stories pinned by
 * search or unpinned, the whole home page previewed through the site's own
 * render path, then published now or scheduled; the history's versions can
 * be previewed, restored as the working copy, or called off when scheduled.
 *
 * Every change is saved on the server at once (the working copy is shared:
 * a change made elsewhere in between is loaded, and said so).
 */
import { useCallback, useEffect, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { arrayMove } from '@dnd-kit/sortable';
import { SortableStories } from '../sortable.tsx';
import * as m from '../../paraglide/messages.js';
import type { FrontLayout, FrontStory, FrontWorkspace } from '../../lib/front-page.ts';
import type { StoryItem } from '../../lib/desk-story.ts';
import { deskWallClock, fromCasablancaLocal } from '../../lib/desk-dates.ts';
import { api, DeskApiError, query } from '../api.ts';
import { useLocale, when } from '../i18n.ts';
import { searchParams, usePath } from '../router.tsx';
import { Button, Dialog, langLabel, Notice, SelectField, StateBadge, TextField, TitleWithLanguages } from '../ui.tsx';
import { LOCALE_CONFIG, toLocale, type Locale } from '../../i18n/locales.ts';

type ListKey = 'slider' | 'hot' | `une.${number}`;
type Message = { kind: 'error' | 'success' | 'info'; text: string } | null;

const idsOf = (layout: FrontLayout, list: ListKey): number[] => (list === 'slider' || list === 'hot' ? layout[list] : (layout.une[Number(list.slice(4))]?.items ?? []));

function withList(layout: FrontLayout, list: ListKey, ids: number[]): FrontLayout {
  if (list === 'slider' || list === 'hot') return { ...layout, [list]: ids };
  const n = Number(list.slice(4));
  return { ...layout, une: layout.une.map((b, i) => (i === n ? { ...b, items: ids } : b)) };
}

function SortableList({ label, list, layout, stories, onChange, onRemove }: { label: string; list: ListKey; layout: FrontLayout; stories: Record<string, FrontStory>; onChange: (ids: number[]) => void; onRemove: (id: number) => void }) {
  return <SortableStories label={label} name={list} ids={idsOf(layout, list)} stories={stories} onChange={onChange} onRemove={onRemove} />;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel front-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** Search for stories to pin (every language and state: the server says why one cannot be placed). */
function PinSearch({ lang, blocks, onPin }: { lang: Locale; blocks: { label: string }[]; onPin: (article: number, list: 'slider' | 'une' | 'hot', block: number) => Promise<void> }) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<StoryItem[] | null>(null);
  const [target, setTarget] = useState('slider');
  const search = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    const page = await api<{ items: StoryItem[] }>('GET', `/api/desk/stories${query({ q: text.trim() })}`);
    setResults(page.items.slice(0, 15));
  };
  const [list, block] = target.startsWith('une.') ? (['une', Number(target.slice(4))] as const) : ([target as 'slider' | 'hot', 0] as const);
  return (
    <Section id="front-pin" title={m.desk_front_pin_title()}>
      <form className="toolbar-row" role="search" aria-label={m.desk_front_pin_title()} onSubmit={(e) => void search(e)}>
        <TextField label={m.desk_search()} type="search" value={text} onChange={(e) => setText(e.target.value)} />
        <SelectField label={m.desk_front_pin_where()} value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="slider">{m.desk_front_slider()}</option>
          {blocks.map((b, i) => (
            <option key={i} value={`une.${i}`}>
              {m.desk_front_une()} — {b.label}
            </option>
          ))}
          <option value="hot">{m.desk_front_hot()}</option>
        </SelectField>
        <Button type="submit">{m.desk_search_submit()}</Button>
      </form>
      {results && results.length === 0 && <p>{m.desk_no_stories()}</p>}
      {results && results.length > 0 && (
        <ul className="plain front-results">
          {results.map((s) => (
            <li key={s.id}>
              <span lang={s.lang} dir={LOCALE_CONFIG[s.lang].dir}>
                {s.title || m.desk_untitled()}
              </span>{' '}
              <StateBadge state={s.state} /> <span className="hint">{langLabel(s.lang)}</span>{' '}
              <Button onClick={() => void onPin(s.id, list, block)} aria-label={m.desk_front_pin_named({ title: s.title || m.desk_untitled() })}>
                {m.desk_front_pin()}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="hint">{lang === 'ar' ? m.desk_front_pin_hint_ar() : m.desk_front_pin_hint_fr()}</p>
    </Section>
  );
}

export default function FrontScreen() {
  const path = usePath();
  const locale = useLocale();
  const lang = toLocale(searchParams(path).get('lang'), locale);
  const [ws, setWs] = useState<FrontWorkspace | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ width: 375 | 1280; version: number | null } | null>(null);
  const [scheduleAt, setScheduleAt] = useState('');
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const current = useRef<FrontWorkspace | null>(null);
  current.current = ws;

  const load = useCallback(async () => {
    try {
      setWs(await api<FrontWorkspace>('GET', `/api/desk/front/${lang}`));
    } catch (e) {
      setMessage({ kind: 'error', text: (e as Error).message });
    }
  }, [lang]);
  useEffect(() => {
    setWs(null);
    setMessage(null);
    setErrors({});
    void load();
  }, [load]);

  /** Runs server changes one after the other (each names the rev the previous one gave). */
  const serial = <T,>(work: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(work, work);
    queue.current = next.catch(() => undefined);
    return next;
  };

  const refused = (e: unknown) => {
    if (e instanceof DeskApiError && e.status === 409 && e.detail) {
      setWs(e.detail as FrontWorkspace);
      setMessage({ kind: 'info', text: e.message });
      return;
    }
    if (e instanceof DeskApiError && e.status === 422) {
      setErrors(e.errors);
      setMessage({ kind: 'error', text: Object.values(e.errors).flat()[0] ?? e.message });
      return;
    }
    setMessage({ kind: 'error', text: (e as Error).message });
  };

  const save = (layout: FrontLayout) => {
    if (!current.current) return Promise.resolve();
    setWs({ ...current.current, layout });
    setErrors({});
    return serial(async () => {
      try {
        setWs(await api<FrontWorkspace>('PUT', `/api/desk/front/${lang}`, { rev: current.current!.rev, layout }));
      } catch (e) {
        refused(e);
      }
    });
  };

  const change = (list: ListKey, ids: number[]) => ws && void save(withList(ws.layout, list, ids));
  const remove = (id: number) =>
    serial(async () => {
      try {
        setWs(await api<FrontWorkspace>('POST', `/api/desk/front/${lang}/unpin`, { rev: current.current!.rev, article: id }));
        setMessage({ kind: 'success', text: m.desk_front_unpinned() });
      } catch (e) {
        refused(e);
      }
    });
  const pin = (article: number, list: 'slider' | 'une' | 'hot', block: number) =>
    serial(async () => {
      try {
        setWs(await api<FrontWorkspace>('POST', `/api/desk/front/${lang}/pin`, { rev: current.current!.rev, article, list, block }));
        setMessage({ kind: 'success', text: m.desk_front_pinned() });
      } catch (e) {
        refused(e);
      }
    });

  /** `at`: the schedule field's wall-clock time, as typed (the server makes it an instant with its own time-zone data). */
  const publish = async (at: string | null) => {
    if (!ws) return;
    setBusy(true);
    setErrors({});
    await serial(async () => {
      try {
        const w = current.current!;
        const next = await api<FrontWorkspace>('POST', `/api/desk/front/${lang}/publish`, { rev: w.rev, head: w.head, layout: w.layout, ...(at ? { at } : {}) });
        setWs(next);
        setScheduleAt('');
        setMessage({ kind: 'success', text: at ? m.desk_front_scheduled({ at: deskWallClock(at, locale) }) : m.desk_front_published({ n: String(next.live ?? '') }) });
      } catch (e) {
        refused(e);
      }
    });
    setBusy(false);
  };
  const schedule = () => {
    const at = fromCasablancaLocal(scheduleAt);
    if (!at || at.getTime() <= Date.now()) return setMessage({ kind: 'error', text: m.desk_schedule_future() });
    void publish(scheduleAt);
  };
  const restore = (n: number) =>
    serial(async () => {
      try {
        setWs(await api<FrontWorkspace>('POST', `/api/desk/front/${lang}/restore`, { rev: current.current!.rev, number: n }));
        setMessage({ kind: 'success', text: m.desk_front_restored({ n: String(n) }) });
      } catch (e) {
        refused(e);
      }
    });
  const cancel = (n: number) =>
    serial(async () => {
      try {
        setWs(await api<FrontWorkspace>('POST', `/api/desk/front/${lang}/versions/${n}/cancel`));
        setMessage({ kind: 'success', text: m.desk_front_canceled({ n: String(n) }) });
      } catch (e) {
        refused(e);
      }
    });
  const openPreview = async (width: 375 | 1280, version: number | null = null) => {
    await queue.current;
    setPreview({ width, version });
  };

  const blockLabel = (b: FrontLayout['une'][number], i: number) => b.title || ws?.sections.find((s) => s.id === b.masterTagId)?.name || m.desk_front_block_n({ n: String(i + 1) });
  const setBlock = (i: number, patch: Partial<FrontLayout['une'][number]>) => ws && void save({ ...ws.layout, une: ws.layout.une.map((b, n) => (n === i ? { ...b, ...patch } : b)) });
  const moveBlock = (i: number, by: -1 | 1) => ws && void save({ ...ws.layout, une: arrayMove(ws.layout.une, i, i + by) });
  const fieldError = (key: string) => errors[key];
  /** A publication's refusals by field (the stories, the blocks); a pin's are in the notice. */
  const layoutErrors = () => Object.entries(errors).filter(([k]) => /^(slider|une|hot)\b/.test(k));

  return (
    <main id="main" className="screen front-screen">
      <TitleWithLanguages title={m.desk_front_title({ lang: langLabel(lang) })} lang={lang} href={(l) => `/desk/front?lang=${l}`} />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {ws && layoutErrors().length > 0 && (
        <ul className="error">
          {layoutErrors().map(([k, v]) => {
            const story = storyAt(ws, k);
            return <li key={k}>{story ? m.desk_front_error_story({ title: story.title, message: v.join(' ') }) : v.join(' ')}</li>;
          })}
        </ul>
      )}
      {!ws ? (
        <p className="loading">{m.desk_loading()}</p>
      ) : (
        <div className="front-layout">
          <div className="stack">
            <p role="status">
              {ws.pending ? m.desk_front_pending() : m.desk_front_same()}
              {ws.updatedBy && ws.updatedAt && <> · {m.desk_front_saved_by({ name: ws.updatedBy, at: when(ws.updatedAt, locale) })}</>}
            </p>
            <Section id="front-slider" title={m.desk_front_slider()}>
              <SortableList label={m.desk_front_slider()} list="slider" layout={ws.layout} stories={ws.stories} onChange={(ids) => change('slider', ids)} onRemove={(id) => void remove(id)} />
            </Section>
            <Section id="front-une" title={m.desk_front_une()}>
              {ws.layout.une.map((b, i) => (
                <fieldset key={i} className="front-block">
                  <legend>{blockLabel(b, i)}</legend>
                  <div className="toolbar-row">
                    <TextField label={m.desk_front_block_title()} value={b.title ?? ''} maxLength={80} errors={fieldError(`une.${i}.title`)} onChange={(e) => setBlock(i, { title: e.target.value || null })} hint={m.desk_front_block_title_hint()} />
                    <SelectField label={m.desk_section()} value={b.masterTagId ?? ''} errors={fieldError(`une.${i}.masterTag`)} onChange={(e) => setBlock(i, { masterTagId: e.target.value ? Number(e.target.value) : null })}>
                      <option value="">—</option>
                      {ws.sections.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.name}
                        </option>
                      ))}
                    </SelectField>
                  </div>
                  <SortableList label={blockLabel(b, i)} list={`une.${i}`} layout={ws.layout} stories={ws.stories} onChange={(ids) => change(`une.${i}`, ids)} onRemove={(id) => void remove(id)} />
                  <div className="actions">
                    <Button disabled={i === 0} onClick={() => moveBlock(i, -1)}>
                      {m.desk_front_block_up()}
                    </Button>
                    <Button disabled={i === ws.layout.une.length - 1} onClick={() => moveBlock(i, 1)}>
                      {m.desk_front_block_down()}
                    </Button>
                    <Button kind="danger" onClick={() => void save({ ...ws.layout, une: ws.layout.une.filter((_, n) => n !== i) })}>
                      {m.desk_front_block_remove()}
                    </Button>
                  </div>
                </fieldset>
              ))}
              <Button disabled={ws.layout.une.length >= 16} onClick={() => void save({ ...ws.layout, une: [...ws.layout.une, { title: null, masterTagId: ws.sections[0]?.id ?? null, items: [] }] })}>
                {m.desk_front_block_add()}
              </Button>
            </Section>
            <Section id="front-hot" title={m.desk_front_hot()}>
              <SortableList label={m.desk_front_hot()} list="hot" layout={ws.layout} stories={ws.stories} onChange={(ids) => change('hot', ids)} onRemove={(id) => void remove(id)} />
            </Section>
          </div>
          <div className="stack editor-side">
            <PinSearch lang={lang} blocks={ws.layout.une.map((b, i) => ({ label: blockLabel(b, i) }))} onPin={pin} />
            <Section id="front-publish" title={m.desk_front_publish_title()}>
              <div className="actions">
                <Button onClick={() => void openPreview(375)}>{m.desk_preview_phone()}</Button>
                <Button onClick={() => void openPreview(1280)}>{m.desk_preview_desktop()}</Button>
              </div>
              <Button kind="primary" disabled={busy} onClick={() => void publish(null)}>
                {m.desk_front_publish()}
              </Button>
              <TextField label={m.desk_schedule_at()} type="datetime-local" dir="ltr" value={scheduleAt} errors={fieldError('at')} onChange={(e) => setScheduleAt(e.target.value)} hint={m.desk_front_schedule_hint()} />
              <Button disabled={busy || !scheduleAt} onClick={schedule}>
                {m.desk_schedule()}
              </Button>
            </Section>
            <Section id="front-history" title={m.desk_history()}>
              <table className="list">
                <caption className="visually-hidden">{m.desk_history()}</caption>
                <thead>
                  <tr>
                    <th scope="col">{m.desk_front_version()}</th>
                    <th scope="col">{m.desk_front_online()}</th>
                    <th scope="col">{m.desk_front_by()}</th>
                    <th scope="col">{m.desk_front_actions()}</th>
                  </tr>
                </thead>
                <tbody>
                  {ws.versions.map((v) => (
                    <tr key={v.number} data-version={v.number}>
                      <td>
                        {v.number} <span className="hint">{versionState(v.state)}</span>
                        {v.restoredFrom !== null && <span className="hint"> · {m.desk_front_restored_from({ n: String(v.restoredFrom) })}</span>}
                      </td>
                      <td>{when(v.effectiveAt, locale)}</td>
                      <td>{v.actor}</td>
                      <td className="actions">
                        <Button kind="quiet" onClick={() => void openPreview(1280, v.number)} aria-label={m.desk_front_preview_n({ n: String(v.number) })}>
                          {m.desk_preview()}
                        </Button>
                        {v.state !== 'live' && (
                          <Button kind="quiet" onClick={() => void restore(v.number)} aria-label={m.desk_restore_n({ n: String(v.number) })}>
                            {m.desk_restore()}
                          </Button>
                        )}
                        {v.state === 'scheduled' && (
                          <Button kind="quiet" onClick={() => void cancel(v.number)} aria-label={m.desk_front_cancel_n({ n: String(v.number) })}>
                            {m.desk_front_cancel()}
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Section>
          </div>
        </div>
      )}
      <Dialog open={preview !== null} onClose={() => setPreview(null)} title={preview?.width === 375 ? m.desk_preview_phone() : m.desk_preview_desktop()} wide>
        {preview && (
          <iframe
            className="preview-frame"
            title={m.desk_front_preview_frame()}
            src={`/desk/front/preview/${lang}${query({ version: preview.version, rev: preview.version === null ? ws?.rev : undefined })}`}
            width={preview.width}
          />
        )}
      </Dialog>
    </main>
  );
}

/** The story a field of a refusal names (slider.2, une.1.items.3, hot.0), if any. */
function storyAt(ws: FrontWorkspace, field: string): FrontStory | undefined {
  const list = /^(slider|hot)\.(\d+)$/.exec(field);
  const block = /^une\.(\d+)\.items\.(\d+)$/.exec(field);
  const id = list ? ws.layout[list[1] as 'slider' | 'hot'][Number(list[2])] : block ? ws.layout.une[Number(block[1])]?.items[Number(block[2])] : undefined;
  return id === undefined ? undefined : ws.stories[String(id)];
}

function versionState(state: FrontWorkspace['versions'][number]['state']): string {
  switch (state) {
    case 'live':
      return m.desk_front_state_live();
    case 'scheduled':
      return m.desk_front_state_scheduled();
    case 'past':
      return m.desk_front_state_past();
    case 'canceled':
      return m.desk_front_state_canceled();
  }
}
