/**
 * Live and grid (docs/desk.md "Live and grid"), for editors and admins:
 *  - the live channel: what plays and where it comes from, the live pages,
 *    the stream URL and its titles set or cleared (the newsroom API's rules:
 *    a stream the site's policy would block is refused, naming MEDIA_ORIGINS);
 *  - an XMLTV file imported whole or not at all, its problems listed against
 *    the lines of the file;
 *  - a week of the grid (broadcast days, Casablanca time), one programme
 *    opened in a dialog and changed.
 */
import { useCallback, useEffect, useState, type ChangeEvent, type SubmitEvent } from 'react';
import * as m from '../../paraglide/messages.js';
import { api, DeskApiError, problemOf, query, upload, type Problem } from '../api.ts';
import { count, useLocale } from '../i18n.ts';
import { Button, Dialog, Notice, ScreenTitle, TextArea, TextField } from '../ui.tsx';
import { addDays, dayLabel } from '../../lib/dates.ts';
import { casablancaLocalDateTime, fromCasablancaLocal } from '../../lib/desk-dates.ts';

/** As the server bounds it (src/server/broadcast/xmltv.ts, MAX_XMLTV_BYTES): a larger file is not even sent. */
const MAX_XMLTV_MB = 5;

interface LiveState {
  url: string;
  source: 'newsroom' | 'config' | 'builtin';
  title: { ar: string; fr: string };
  newsroom: {
    url: string;
    title: { ar: string | null; fr: string | null };
  } | null;
  pages: { ar: string; fr: string };
}

interface XmltvProblem {
  line: number | null;
  programme: number | null;
  title: string | null;
  start: string | null;
  message: string;
}

interface Entry {
  id: number;
  start: string;
  end: string;
  titleAr: string;
  titleFr: string;
  descriptionAr: string;
  descriptionFr: string;
  genre: string;
  isLive: boolean;
}

interface Week {
  from: string;
  days: { day: string; entries: Entry[] }[];
}

const SOURCES = {
  newsroom: () => m.desk_live_source_newsroom(),
  config: () => m.desk_live_source_config(),
  builtin: () => m.desk_live_source_builtin(),
};

function LivePanel() {
  const [state, setState] = useState<LiveState | null>(null);
  const [url, setUrl] = useState('');
  const [titles, setTitles] = useState({ ar: '', fr: '' });
  const [problem, setProblem] = useState<Problem>(null);
  const [done, setDone] = useState<string | null>(null);
  const show = (s: LiveState) => {
    setState(s);
    setUrl(s.newsroom?.url ?? '');
    setTitles({
      ar: s.newsroom?.title.ar ?? '',
      fr: s.newsroom?.title.fr ?? '',
    });
  };
  useEffect(() => {
    api<LiveState>('GET', '/api/desk/live').then(show, (e: unknown) => setProblem(problemOf(e)));
  }, []);
  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    setProblem(null);
    setDone(null);
    try {
      const t = {
        ...(titles.ar.trim() ? { ar: titles.ar } : {}),
        ...(titles.fr.trim() ? { fr: titles.fr } : {}),
      };
      show(
        await api<LiveState>('PUT', '/api/desk/live', {
          url,
          ...(Object.keys(t).length ? { titles: t } : {}),
        }),
      );
      setDone(m.desk_live_saved());
    } catch (err) {
      setProblem(problemOf(err));
    }
  };
  const clear = async () => {
    setProblem(null);
    setDone(null);
    try {
      show(await api<LiveState>('DELETE', '/api/desk/live'));
      setDone(m.desk_live_cleared());
    } catch (err) {
      setProblem(problemOf(err));
    }
  };
  const errors = problem?.errors ?? {};
  return (
    <section className="panel stack" aria-labelledby="live-h">
      <h2 id="live-h">{m.desk_live()}</h2>
      {state && (
        <div className="stack" data-live-source={state.source}>
          <p>
            {m.desk_live_now()} <strong>{SOURCES[state.source]()}</strong>
            <br />
            <code dir="ltr" data-live-url>
              {state.url}
            </code>
          </p>
          <p>{m.desk_live_titles({ ar: state.title.ar, fr: state.title.fr })}</p>
          <ul className="plain">
            <li>
              <a href={state.pages.ar} lang="ar" data-live-page="ar">
                {m.desk_live_page_ar()}
              </a>
            </li>
            <li>
              <a href={state.pages.fr} data-live-page="fr">
                {m.desk_live_page_fr()}
              </a>
            </li>
          </ul>
        </div>
      )}
      {problem && Object.keys(errors).length === 0 && <Notice kind="error">{problem.message}</Notice>}
      {done && <Notice kind="success">{done}</Notice>}
      <form className="stack" onSubmit={(e) => void save(e)} noValidate>
        <TextField
          label={m.desk_live_url()}
          dir="ltr"
          type="url"
          value={url}
          maxLength={2000}
          onChange={(e) => setUrl(e.target.value)}
          hint={m.desk_live_url_hint()}
          errors={errors.url}
        />
        <TextField
          label={m.desk_live_title_ar()}
          dir="rtl"
          lang="ar"
          value={titles.ar}
          maxLength={200}
          onChange={(e) => setTitles({ ...titles, ar: e.target.value })}
          hint={m.desk_live_title_hint()}
          errors={errors['titles.ar']}
        />
        <TextField
          label={m.desk_live_title_fr()}
          dir="ltr"
          lang="fr"
          value={titles.fr}
          maxLength={200}
          onChange={(e) => setTitles({ ...titles, fr: e.target.value })}
          hint={m.desk_live_title_hint()}
          errors={errors['titles.fr']}
        />
        <div className="actions">
          <Button kind="primary" type="submit">
            {m.desk_live_save()}
          </Button>
          {state?.source === 'newsroom' && <Button onClick={() => void clear()}>{m.desk_live_clear()}</Button>}
        </div>
      </form>
    </section>
  );
}

function XmltvPanel({ onImported }: { onImported: () => void }) {
  const locale = useLocale();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [rows, setRows] = useState<XmltvProblem[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    setFile(e.target.files?.[0] ?? null);
    setProblem(null);
    setRows([]);
    setDone(null);
  };
  const send = async (e: SubmitEvent) => {
    e.preventDefault();
    setProblem(null);
    setRows([]);
    setDone(null);
    if (!file)
      return setProblem({
        message: m.desk_xmltv_pick(),
        errors: { file: [m.desk_xmltv_pick()] },
      });
    if (file.size > MAX_XMLTV_MB * 1024 * 1024) {
      const message = m.desk_xmltv_too_large({ max: String(MAX_XMLTV_MB) });
      return setProblem({ message, errors: { file: [message] } });
    }
    setBusy(true);
    try {
      const { item } = await upload<{
        days: string[];
        programmes: number;
        replaced: number;
      }>('/api/desk/grid/xmltv', new Blob([file], { type: 'application/xml' }), () => undefined);
      setDone(
        m.desk_xmltv_done({
          programmes: count(item.programmes),
          first: dayLabel(item.days[0]!, locale),
          last: dayLabel(item.days[item.days.length - 1]!, locale),
          replaced: count(item.replaced),
        }),
      );
      onImported();
    } catch (err) {
      setProblem(problemOf(err));
      const detail = err instanceof DeskApiError ? (err.detail as { problems?: XmltvProblem[] } | null) : null;
      setRows(detail?.problems ?? []);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel stack" aria-labelledby="xmltv-h">
      <h2 id="xmltv-h">{m.desk_xmltv()}</h2>
      <p>{m.desk_xmltv_lead()}</p>
      <form className="stack" onSubmit={(e) => void send(e)} noValidate>
        <TextField
          label={m.desk_xmltv_file()}
          type="file"
          accept=".xml,.xmltv,application/xml,text/xml"
          onChange={pick}
          hint={m.desk_xmltv_file_hint({ max: String(MAX_XMLTV_MB) })}
          errors={problem?.errors.file}
        />
        <div className="actions">
          <Button kind="primary" type="submit" disabled={busy}>
            {m.desk_xmltv_import()}
          </Button>
        </div>
      </form>
      {problem && !problem.errors.file && <Notice kind="error">{problem.message}</Notice>}
      {done && <Notice kind="success">{done}</Notice>}
      {rows.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={m.desk_xmltv_problems()}>
          <table className="list" data-xmltv-problems>
            <caption className="visually-hidden">{m.desk_xmltv_problems()}</caption>
            <thead>
              <tr>
                <th scope="col">{m.desk_xmltv_col_line()}</th>
                <th scope="col">{m.desk_xmltv_col_programme()}</th>
                <th scope="col">{m.desk_xmltv_col_start()}</th>
                <th scope="col">{m.desk_xmltv_col_problem()}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} data-line={r.line ?? ''}>
                  <td>{r.line ?? '—'}</td>
                  <td dir="auto">{r.programme ? `${r.programme}${r.title ? ` · ${r.title}` : ''}` : '—'}</td>
                  <td dir="ltr">{r.start ?? '—'}</td>
                  <td>{r.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Minutes between two Casablanca wall-clock times (across a change of the clocks too), or null. */
function minutesBetween(start: string, end: string): number | null {
  const a = fromCasablancaLocal(start);
  const b = fromCasablancaLocal(end);
  return a && b ? Math.round((b.getTime() - a.getTime()) / 60_000) : null;
}

function EntryDialog({ entry, onClose, onSaved }: { entry: Entry | null; onClose: () => void; onSaved: (e: Entry) => void }) {
  const [draft, setDraft] = useState<Entry | null>(entry);
  const [duration, setDuration] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  useEffect(() => {
    setDraft(entry);
    setProblem(null);
    setDuration(entry ? String(minutesBetween(entry.start, entry.end) ?? '') : '');
  }, [entry]);
  if (!draft) return null;
  const set = (patch: Partial<Entry>) => setDraft({ ...draft, ...patch });
  const setStart = (start: string) => {
    // The length stays: the end moves with the start.
    const at = fromCasablancaLocal(start);
    const mins = Number(duration);
    set({
      start,
      ...(at && mins > 0 ? { end: casablancaLocalDateTime(at.getTime() + mins * 60_000) } : {}),
    });
  };
  const setEnd = (end: string) => {
    set({ end });
    const mins = minutesBetween(draft.start, end);
    if (mins !== null) setDuration(String(mins));
  };
  const changeDuration = (value: string) => {
    setDuration(value);
    const at = fromCasablancaLocal(draft.start);
    const mins = Number(value);
    if (at && Number.isInteger(mins) && mins > 0) set({ end: casablancaLocalDateTime(at.getTime() + mins * 60_000) });
  };
  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      const saved = await api<Entry>('PUT', `/api/desk/grid/${draft.id}`, {
        titleAr: draft.titleAr,
        titleFr: draft.titleFr,
        descriptionAr: draft.descriptionAr,
        descriptionFr: draft.descriptionFr,
        genre: draft.genre,
        isLive: draft.isLive,
        start: draft.start,
        end: draft.end,
      });
      onSaved(saved);
    } catch (err) {
      setProblem(problemOf(err));
    }
  };
  const errors = problem?.errors ?? {};
  return (
    <Dialog open onClose={onClose} title={m.desk_grid_edit_title()} wide>
      <form className="stack" onSubmit={(e) => void save(e)} noValidate data-grid-entry={draft.id}>
        {problem && <Notice kind="error">{problem.message}</Notice>}
        <TextField
          label={m.desk_grid_title_fr()}
          dir="ltr"
          lang="fr"
          value={draft.titleFr}
          maxLength={200}
          onChange={(e) => set({ titleFr: e.target.value })}
          errors={errors.titleFr}
        />
        <TextField
          label={m.desk_grid_title_ar()}
          dir="rtl"
          lang="ar"
          value={draft.titleAr}
          maxLength={200}
          onChange={(e) => set({ titleAr: e.target.value })}
          errors={errors.titleAr}
        />
        <div className="toolbar-row">
          <TextField
            label={m.desk_grid_start()}
            type="datetime-local"
            dir="ltr"
            value={draft.start}
            onChange={(e) => setStart(e.target.value)}
            errors={errors.start}
          />
          <TextField
            label={m.desk_grid_end()}
            type="datetime-local"
            dir="ltr"
            value={draft.end}
            onChange={(e) => setEnd(e.target.value)}
            errors={errors.end ?? errors.durationMinutes}
          />
          <TextField
            label={m.desk_grid_duration()}
            type="number"
            min={1}
            max={1440}
            dir="ltr"
            value={duration}
            onChange={(e) => changeDuration(e.target.value)}
            hint={m.desk_grid_duration_hint()}
          />
        </div>
        <p className="hint">{m.desk_grid_times_hint()}</p>
        <TextArea
          label={m.desk_grid_desc_fr()}
          dir="ltr"
          lang="fr"
          rows={3}
          value={draft.descriptionFr}
          maxLength={2000}
          onChange={(e) => set({ descriptionFr: e.target.value })}
          errors={errors.descriptionFr}
        />
        <TextArea
          label={m.desk_grid_desc_ar()}
          dir="rtl"
          lang="ar"
          rows={3}
          value={draft.descriptionAr}
          maxLength={2000}
          onChange={(e) => set({ descriptionAr: e.target.value })}
          errors={errors.descriptionAr}
        />
        <TextField
          label={m.desk_grid_genre()}
          dir="auto"
          value={draft.genre}
          maxLength={100}
          onChange={(e) => set({ genre: e.target.value })}
          errors={errors.genre}
        />
        <label className="checkbox">
          <input type="checkbox" checked={draft.isLive} onChange={(e) => set({ isLive: e.target.checked })} /> {m.desk_grid_is_live()}
        </label>
        <div className="actions">
          <Button kind="primary" type="submit">
            {m.desk_grid_save()}
          </Button>
          <Button onClick={onClose}>{m.desk_close()}</Button>
        </div>
      </form>
    </Dialog>
  );
}

const hhmm = (local: string) => local.slice(11, 16);

function WeekPanel({ reload }: { reload: number }) {
  const locale = useLocale();
  const [from, setFrom] = useState<string | undefined>(undefined);
  const [week, setWeek] = useState<Week | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [open, setOpen] = useState<Entry | null>(null);
  const [saved, setSaved] = useState<Entry | null>(null);
  const load = useCallback(() => {
    api<Week>('GET', `/api/desk/grid${query({ from })}`).then(setWeek, (e: unknown) => setProblem(problemOf(e)));
  }, [from]);
  useEffect(() => load(), [load, reload]);
  const title = (e: Entry) => (locale === 'ar' ? e.titleAr || e.titleFr : e.titleFr || e.titleAr);
  return (
    <section className="panel stack" aria-labelledby="week-h">
      <h2 id="week-h">{m.desk_grid_week()}</h2>
      <p className="hint">{m.desk_grid_times_hint()}</p>
      <div className="toolbar-row">
        <TextField label={m.desk_grid_week_of()} type="date" dir="ltr" value={week?.from ?? ''} onChange={(e) => e.target.value && setFrom(e.target.value)} />
        <div className="actions">
          <Button onClick={() => week && setFrom(addDays(week.from, -7))}>{m.desk_grid_prev()}</Button>
          <Button onClick={() => setFrom(undefined)}>{m.desk_grid_this_week()}</Button>
          <Button onClick={() => week && setFrom(addDays(week.from, 7))}>{m.desk_grid_next()}</Button>
        </div>
      </div>
      {problem && <Notice kind="error">{problem.message}</Notice>}
      {saved && (
        <Notice kind="success">
          {m.desk_grid_saved({ title: title(saved) })} <a href={locale === 'ar' ? '/ar/guidetv' : '/fr/guidetv'}>{m.desk_grid_open_guide()}</a>
        </Notice>
      )}
      {week?.days.map((d) => (
        <section key={d.day} className="stack" aria-labelledby={`day-${d.day}`} data-grid-day={d.day}>
          <h3 id={`day-${d.day}`}>{dayLabel(d.day, locale)}</h3>
          {d.entries.length === 0 ? (
            <p>{m.desk_grid_day_empty()}</p>
          ) : (
            <div className="table-scroll" tabIndex={0} role="region" aria-label={dayLabel(d.day, locale)}>
              <table className="list">
                <caption className="visually-hidden">{dayLabel(d.day, locale)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{m.desk_grid_col_time()}</th>
                    <th scope="col">{m.desk_grid_col_title()}</th>
                    <th scope="col">{m.desk_grid_col_genre()}</th>
                    <th scope="col">{m.desk_grid_col_action()}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.entries.map((e) => (
                    <tr key={e.id} data-grid-entry={e.id}>
                      <td dir="ltr">
                        {hhmm(e.start)}–{hhmm(e.end)}
                      </td>
                      <td dir="auto">
                        {title(e)} {e.isLive && <span className="badge">{m.desk_grid_live_badge()}</span>}
                      </td>
                      <td dir="auto">{e.genre}</td>
                      <td>
                        <Button
                          kind="quiet"
                          onClick={() => setOpen(e)}
                          aria-label={m.desk_grid_edit_named({
                            title: title(e),
                          })}
                        >
                          {m.desk_grid_edit()}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
      <EntryDialog
        entry={open}
        onClose={() => setOpen(null)}
        onSaved={(e) => {
          setOpen(null);
          setSaved(e);
          load();
        }}
      />
    </section>
  );
}

export default function GridScreen() {
  const [reload, setReload] = useState(0);
  return (
    <main id="main" className="screen stack">
      <ScreenTitle>{m.desk_nav_grid()}</ScreenTitle>
      <p>{m.desk_grid_lead()}</p>
      <LivePanel />
      <XmltvPanel onImported={() => setReload((n) => n + 1)} />
      <WeekPanel reload={reload} />
    </main>
  );
}
