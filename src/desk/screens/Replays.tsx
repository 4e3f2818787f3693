/**
 * Replays (docs/desk.md "Replays"), for editors and admins: one kind's list
 * (news bulletins by edition, programme episodes, web videos; searched by
 * title), and the form of each kind with what the public pages show:
 * titles and descriptions in both languages, the edition / programme /
 * category, the air date and publication time in Casablanca, the video's
 * URL (HLS or MP4, from an origin the site allows) and duration, captions,
 * and the poster from the media library. Retire takes a replay off the
 * site; publish again brings it back. The server's refusals show next to
 * their fields.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';
import { api, DeskApiError, problemOf, query, type Problem } from '../api.ts';
import { useLocale, when } from '../i18n.ts';
import { PicturePicker } from '../media.tsx';
import { Link, navigate, searchParams, usePath } from '../router.tsx';
import { Button, Notice, ScreenTitle, SelectField, TextArea, TextField } from '../ui.tsx';

type Kind = 'jt' | 'episode' | 'webvideo';
/** A news bulletin's edition: one per language of the site, and the Amazigh one. */
type Edition = Locale | 'amz';
const KINDS: readonly Kind[] = ['jt', 'episode', 'webvideo'];
const EDITIONS: readonly Edition[] = ['ar', 'fr', 'amz'];

interface Row {
  kind: Kind;
  id: number;
  titleAr: string;
  titleFr: string;
  publishedAt: string;
  retiredAt: string | null;
  durationS: number | null;
  poster: string | null;
  group: string;
  paths: { ar: string; fr: string };
}

interface Caption {
  lang: string;
  label: string;
  url: string;
}

interface Replay {
  kind: Kind;
  id: number;
  title: { ar: string; fr: string };
  description: { ar: string; fr: string };
  video: { url: string; mime: string; durationSeconds: number; captions: Caption[] } | null;
  poster: { mediaId: number; url: string; alt: string } | null;
  publishedAt: string;
  retiredAt: string | null;
  paths: { ar: string; fr: string };
  programmeId?: number;
  season?: number;
  number?: number;
  edition?: Edition;
  airDate?: string;
  airTime?: string;
  tagId?: number;
  slug?: string;
}

interface Options {
  programmes: { id: number; titleAr: string; titleFr: string }[];
  tags: { id: number; nameAr: string; nameFr: string }[];
  mediaOrigins: string[];
}

const kindLabel = (k: Kind): string => (k === 'jt' ? m.desk_replay_kind_jt() : k === 'episode' ? m.desk_replay_kind_episode() : m.desk_replay_kind_webvideo());
const newLabel = (k: Kind): string => (k === 'jt' ? m.desk_replay_new_jt() : k === 'episode' ? m.desk_replay_new_episode() : m.desk_replay_new_webvideo());
const editionLabel = (e: string): string => (e === 'ar' ? m.desk_replay_edition_ar() : e === 'fr' ? m.desk_replay_edition_fr() : m.desk_replay_edition_amz());
const isKind = (v: string | null): v is Kind => KINDS.includes(v as Kind);

/** "1:02:30" or "25:40" for a duration in seconds. */
function clock(total: number): string {
  const s = Math.round(total);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Seconds of "h:mm:ss", "mm:ss" or a number of seconds; NaN when it is none of them (the server says so). */
function seconds(text: string): number {
  const t = text.trim();
  if (!/^\d+(:[0-5]?\d){0,2}$/.test(t)) return Number.NaN;
  return t.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);
}

function stateOf(r: { retiredAt: string | null; publishedAt: string }, scheduled: boolean): string {
  if (r.retiredAt) return m.desk_replay_state_retired();
  return scheduled ? m.desk_replay_state_scheduled() : m.desk_replay_state_public();
}

export function ReplayList() {
  const path = usePath();
  const locale = useLocale();
  const params = searchParams(path);
  const kind: Kind = isKind(params.get('kind')) ? (params.get('kind') as Kind) : 'jt';
  const edition = params.get('edition') ?? '';
  const q = params.get('q') ?? '';
  const [rows, setRows] = useState<Row[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [words, setWords] = useState(q);
  const [problem, setProblem] = useState<Problem>(null);
  const go = (change: Record<string, string>) => navigate(`/desk/replays${query({ kind, edition: kind === 'jt' ? edition : '', q, ...change })}`);
  const load = (page: number) =>
    api<{ items: Row[]; next: number | null }>('GET', `/api/desk/replays${query({ kind, edition: kind === 'jt' ? edition : '', q, page })}`).then(
      (r) => {
        setRows((cur) => (page === 0 ? r.items : [...(cur ?? []), ...r.items]));
        setNext(r.next);
      },
      (e: unknown) => setProblem(problemOf(e)),
    );
  useEffect(() => {
    setRows(null);
    setWords(q);
    void load(0);
  }, [kind, edition, q]);
  const now = new Date().toISOString();
  return (
    <main id="main" className="screen stack">
      <div className="toolbar-row">
        <ScreenTitle>{m.desk_nav_replays()}</ScreenTitle>
        <div className="actions inline-start-auto">
          {KINDS.map((k) => (
            <Link key={k} className="button button--secondary" href={`/desk/replays/new?kind=${k}`}>
              {newLabel(k)}
            </Link>
          ))}
        </div>
      </div>
      {problem && <Notice kind="error">{problem.message}</Notice>}
      <form
        className="toolbar-row panel"
        role="search"
        aria-label={m.desk_replay_filter()}
        onSubmit={(e: SubmitEvent) => {
          e.preventDefault();
          go({ q: words.trim() });
        }}
      >
        <SelectField label={m.desk_replay_kind()} value={kind} onChange={(e) => go({ kind: e.target.value, edition: '' })}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {kindLabel(k)}
            </option>
          ))}
        </SelectField>
        {kind === 'jt' && (
          <SelectField label={m.desk_replay_edition()} value={edition} onChange={(e) => go({ edition: e.target.value })}>
            <option value="">{m.desk_replay_edition_all()}</option>
            {EDITIONS.map((e) => (
              <option key={e} value={e}>
                {editionLabel(e)}
              </option>
            ))}
          </SelectField>
        )}
        <TextField label={m.desk_replay_search()} type="search" value={words} onChange={(e) => setWords(e.target.value)} />
        <Button type="submit">{m.desk_search_submit()}</Button>
      </form>
      {rows === null ? (
        <p className="loading">{m.desk_loading()}</p>
      ) : rows.length === 0 ? (
        <p>{m.desk_replay_none()}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={kindLabel(kind)}>
          <table className="list">
            <caption>{kindLabel(kind)}</caption>
            <thead>
              <tr>
                <th scope="col">{m.desk_replay_title()}</th>
                <th scope="col">{kind === 'jt' ? m.desk_replay_edition() : kind === 'episode' ? m.desk_replay_programme() : m.desk_replay_category()}</th>
                <th scope="col">{m.desk_replay_published()}</th>
                <th scope="col">{m.desk_replay_duration()}</th>
                <th scope="col">{m.desk_state()}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-replay={`${r.kind}:${r.id}`}>
                  <td>
                    <Link href={`/desk/replays/${r.kind}/${r.id}`}>
                      <span lang="fr" dir="ltr">
                        {r.titleFr}
                      </span>
                    </Link>
                    <br />
                    <span lang="ar" dir="rtl">
                      {r.titleAr}
                    </span>
                  </td>
                  <td dir="auto">{r.kind === 'jt' ? editionLabel(r.group) : r.group}</td>
                  <td>{when(r.publishedAt, locale)}</td>
                  <td dir="ltr">{r.durationS ? clock(r.durationS) : '—'}</td>
                  <td>{stateOf(r, r.publishedAt > now)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next !== null && <Button onClick={() => void load(next)}>{m.desk_more()}</Button>}
    </main>
  );
}

interface Draft {
  titleAr: string;
  titleFr: string;
  descriptionAr: string;
  descriptionFr: string;
  url: string;
  mime: string;
  duration: string;
  captions: Caption[];
  poster: { mediaId: number; url: string; alt: string } | null;
  publishedAt: string;
  programmeId: string;
  season: string;
  number: string;
  edition: Edition;
  airDate: string;
  airTime: string;
  tagId: string;
  slug: string;
}

const EMPTY: Draft = {
  titleAr: '',
  titleFr: '',
  descriptionAr: '',
  descriptionFr: '',
  url: '',
  mime: '',
  duration: '',
  captions: [],
  poster: null,
  publishedAt: '',
  programmeId: '',
  season: '1',
  number: '',
  edition: 'ar',
  airDate: '',
  airTime: '',
  tagId: '',
  slug: '',
};

function draftOf(r: Replay): Draft {
  return {
    titleAr: r.title.ar,
    titleFr: r.title.fr,
    descriptionAr: r.description.ar,
    descriptionFr: r.description.fr,
    url: r.video?.url ?? '',
    mime: r.video?.mime ?? '',
    duration: r.video ? clock(r.video.durationSeconds) : '',
    captions: r.video?.captions ?? [],
    poster: r.poster,
    publishedAt: r.publishedAt,
    programmeId: r.programmeId ? String(r.programmeId) : '',
    season: r.season ? String(r.season) : '1',
    number: r.number ? String(r.number) : '',
    edition: r.edition ?? 'ar',
    airDate: r.airDate ?? '',
    airTime: r.airTime ?? '',
    tagId: r.tagId ? String(r.tagId) : '',
    slug: r.slug ?? '',
  };
}

/** The body of the desk's POST / PUT (the newsroom API's, src/server/desk/replay-routes.ts). */
function bodyOf(kind: Kind, d: Draft): Record<string, unknown> {
  const num = (s: string) => (s.trim() === '' ? undefined : Number(s));
  const body: Record<string, unknown> = {
    kind,
    title: { ar: d.titleAr, fr: d.titleFr },
    description: { ar: d.descriptionAr, fr: d.descriptionFr },
    video: {
      url: d.url,
      ...(d.mime ? { mime: d.mime } : {}),
      durationSeconds: seconds(d.duration),
      captions: d.captions,
    },
    ...(d.poster ? { poster: { mediaId: d.poster.mediaId } } : {}),
    publishedAt: d.publishedAt,
  };
  if (kind === 'episode') Object.assign(body, { programmeId: num(d.programmeId), season: num(d.season), number: num(d.number) });
  if (kind === 'jt') Object.assign(body, { edition: d.edition, ...(d.airDate ? { airDate: d.airDate } : {}), ...(d.airTime ? { airTime: d.airTime } : {}) });
  if (kind === 'webvideo') Object.assign(body, { tagId: num(d.tagId), ...(d.slug.trim() ? { slug: d.slug.trim() } : {}) });
  return body;
}

export function ReplayScreen({ params }: { params: Record<string, string> }) {
  const path = usePath();
  const fresh = params.kind === undefined;
  const kind: Kind = fresh ? (isKind(searchParams(path).get('kind')) ? (searchParams(path).get('kind') as Kind) : 'webvideo') : (params.kind as Kind);
  const id = fresh ? null : Number(params.id);
  const [replay, setReplay] = useState<Replay | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [options, setOptions] = useState<Options | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  // A replay just made opens at its own address, saying so.
  const [notice, setNotice] = useState<string | null>(searchParams(path).get('saved') ? m.desk_replay_saved() : null);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api<Options>('GET', '/api/desk/replays/options').then(setOptions, (e: unknown) => setProblem(problemOf(e)));
    if (id === null) return;
    api<Replay>('GET', `/api/desk/replays/${kind}/${id}`).then(
      (r) => {
        setReplay(r);
        setDraft(draftOf(r));
      },
      (e: unknown) => setProblem(problemOf(e)),
    );
  }, [kind, id]);
  if (!isKind(kind)) return <main id="main" className="screen"><Notice kind="error">{m.desk_err_404()}</Notice></main>;
  if (id !== null && !replay) return <main id="main" className="screen">{problem ? <Notice kind="error">{problem.message}</Notice> : <p className="loading">{m.desk_loading()}</p>}</main>;

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setCaption = (i: number, patch: Partial<Caption>) => set({ captions: draft.captions.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const errors = problem?.errors ?? {};
  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      const saved = await api<Replay>(id === null ? 'POST' : 'PUT', id === null ? '/api/desk/replays' : `/api/desk/replays/${kind}/${id}`, bodyOf(kind, draft));
      setReplay(saved);
      setDraft(draftOf(saved));
      setNotice(m.desk_replay_saved());
      if (id === null) navigate(`/desk/replays/${kind}/${saved.id}?saved=1`, { replace: true });
    } catch (error) {
      setProblem(error instanceof DeskApiError ? { message: Object.values(error.errors)[0]?.join(' ') ?? error.message, errors: error.errors } : problemOf(error));
    }
    setBusy(false);
  };
  const retire = async (off: boolean) => {
    if (off && !window.confirm(m.desk_replay_retire_confirm())) return;
    try {
      const r = await api<Replay>('POST', `/api/desk/replays/${kind}/${id}/${off ? 'retire' : 'restore'}`);
      setReplay(r);
      setNotice(off ? m.desk_replay_retired_done() : m.desk_replay_restored_done());
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  const title = id === null ? newLabel(kind) : draft.titleFr || draft.titleAr;
  const origins = options?.mediaOrigins.length ? options.mediaOrigins.join(', ') : m.desk_media_site_only();
  return (
    <main id="main" className="screen stack">
      <div className="toolbar-row">
        <ScreenTitle>{title}</ScreenTitle>
        <Link href={`/desk/replays?kind=${kind}`}>{m.desk_replay_back()}</Link>
      </div>
      <p className="hint">{kindLabel(kind)}</p>
      {problem && <Notice kind="error">{problem.message}</Notice>}
      {notice && <Notice kind="success">{notice}</Notice>}
      {replay?.retiredAt && <Notice kind="warning">{m.desk_replay_retired_note()}</Notice>}
      <form className="editor-layout" onSubmit={(e) => void save(e)} noValidate>
        <div className="stack">
          <section className="panel stack" aria-labelledby="replay-texts">
            <h2 id="replay-texts">{m.desk_replay_texts()}</h2>
            <TextField label={m.desk_replay_title_ar()} lang="ar" dir="rtl" value={draft.titleAr} maxLength={300} onChange={(e) => set({ titleAr: e.target.value })} errors={errors.title ?? errors['title.ar']} hint={m.desk_replay_title_hint()} />
            <TextField label={m.desk_replay_title_fr()} lang="fr" dir="ltr" value={draft.titleFr} maxLength={300} onChange={(e) => set({ titleFr: e.target.value })} errors={errors['title.fr']} />
            <TextArea label={m.desk_replay_description_ar()} lang="ar" dir="rtl" value={draft.descriptionAr} maxLength={5000} onChange={(e) => set({ descriptionAr: e.target.value })} errors={errors['description.ar']} />
            <TextArea label={m.desk_replay_description_fr()} lang="fr" dir="ltr" value={draft.descriptionFr} maxLength={5000} onChange={(e) => set({ descriptionFr: e.target.value })} errors={errors['description.fr']} />
          </section>
          <section className="panel stack" aria-labelledby="replay-video">
            <h2 id="replay-video">{m.desk_replay_video()}</h2>
            <TextField label={m.desk_replay_url()} dir="ltr" inputMode="url" value={draft.url} maxLength={2000} onChange={(e) => set({ url: e.target.value })} errors={errors['video.url']} hint={m.desk_replay_url_hint({ origins })} />
            <SelectField label={m.desk_replay_mime()} value={draft.mime} onChange={(e) => set({ mime: e.target.value })} errors={errors['video.mime']}>
              <option value="">{m.desk_replay_mime_auto()}</option>
              <option value="application/vnd.apple.mpegurl">HLS (.m3u8)</option>
              <option value="video/mp4">MP4</option>
            </SelectField>
            <TextField label={m.desk_replay_duration()} dir="ltr" value={draft.duration} maxLength={12} onChange={(e) => set({ duration: e.target.value })} errors={errors['video.durationSeconds']} hint={m.desk_replay_duration_hint()} />
            <fieldset className="stack replay-captions">
              <legend>{m.desk_replay_captions()}</legend>
              {draft.captions.map((c, i) => (
                <div key={i} className="toolbar-row">
                  <SelectField label={m.desk_replay_caption_lang()} value={c.lang} onChange={(e) => setCaption(i, { lang: e.target.value })} errors={errors[`video.captions.${i}.lang`]}>
                    <option value="ar">{m.desk_lang_ar()}</option>
                    <option value="fr">{m.desk_lang_fr()}</option>
                    <option value="zgh">{m.desk_replay_edition_amz()}</option>
                  </SelectField>
                  <TextField label={m.desk_replay_caption_label()} dir="auto" value={c.label} maxLength={60} onChange={(e) => setCaption(i, { label: e.target.value })} errors={errors[`video.captions.${i}.label`]} />
                  <TextField label={m.desk_replay_caption_url()} dir="ltr" value={c.url} maxLength={2000} onChange={(e) => setCaption(i, { url: e.target.value })} errors={errors[`video.captions.${i}.url`]} />
                  <Button kind="quiet" onClick={() => set({ captions: draft.captions.filter((_, j) => j !== i) })}>
                    {m.desk_replay_caption_remove()}
                  </Button>
                </div>
              ))}
              {draft.captions.length < 10 && <Button onClick={() => set({ captions: [...draft.captions, { lang: 'ar', label: '', url: '' }] })}>{m.desk_replay_caption_add()}</Button>}
            </fieldset>
          </section>
        </div>
        <div className="stack editor-side">
          <section className="panel stack" aria-labelledby="replay-place">
            <h2 id="replay-place">{m.desk_replay_place()}</h2>
            {kind === 'jt' && (
              <>
                <SelectField label={m.desk_replay_edition()} value={draft.edition} onChange={(e) => set({ edition: e.target.value as Edition })} errors={errors.edition}>
                  {EDITIONS.map((e) => (
                    <option key={e} value={e}>
                      {editionLabel(e)}
                    </option>
                  ))}
                </SelectField>
                <TextField label={m.desk_replay_air_date()} type="date" dir="ltr" value={draft.airDate} onChange={(e) => set({ airDate: e.target.value })} errors={errors.airDate} hint={m.desk_replay_air_hint()} />
                <TextField label={m.desk_replay_air_time()} type="time" dir="ltr" value={draft.airTime} onChange={(e) => set({ airTime: e.target.value })} errors={errors.airTime} />
              </>
            )}
            {kind === 'episode' && (
              <>
                <SelectField label={m.desk_replay_programme()} value={draft.programmeId} onChange={(e) => set({ programmeId: e.target.value })} errors={errors.programmeId}>
                  <option value="" />
                  {options?.programmes.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.titleFr} · {p.titleAr}
                    </option>
                  ))}
                </SelectField>
                <TextField label={m.desk_replay_season()} type="number" min={1} max={999} dir="ltr" value={draft.season} onChange={(e) => set({ season: e.target.value })} errors={errors.season} />
                <TextField label={m.desk_replay_number()} type="number" min={1} max={99999} dir="ltr" value={draft.number} onChange={(e) => set({ number: e.target.value })} errors={errors.number} />
              </>
            )}
            {kind === 'webvideo' && (
              <>
                <SelectField label={m.desk_replay_category()} value={draft.tagId} onChange={(e) => set({ tagId: e.target.value })} errors={errors.tagId}>
                  <option value="" />
                  {options?.tags.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.nameFr} · {t.nameAr}
                    </option>
                  ))}
                </SelectField>
                <TextField label={m.desk_replay_slug()} dir="ltr" value={draft.slug} maxLength={120} onChange={(e) => set({ slug: e.target.value })} errors={errors.slug} hint={m.desk_replay_slug_hint()} />
              </>
            )}
            <TextField label={m.desk_replay_published()} type="datetime-local" dir="ltr" value={draft.publishedAt} onChange={(e) => set({ publishedAt: e.target.value })} errors={errors.publishedAt} hint={m.desk_replay_published_hint()} />
          </section>
          <section className="panel stack" aria-labelledby="replay-poster">
            <h2 id="replay-poster">{m.desk_replay_poster()}</h2>
            {draft.poster ? <img className="replay-poster" src={draft.poster.url} alt={draft.poster.alt} width={320} height={180} /> : <p className="hint">{m.desk_replay_no_poster()}</p>}
            {(errors.poster ?? errors['poster.mediaId']) && <p className="error">{(errors.poster ?? errors['poster.mediaId'])!.join(' ')}</p>}
            <Button onClick={() => setPicking(true)}>{m.desk_replay_poster_choose()}</Button>
          </section>
          <section className="panel">
            <div className="actions">
              <Button kind="primary" type="submit" disabled={busy}>
                {m.desk_replay_save()}
              </Button>
              {replay && (
                <>
                  <a className="button button--secondary" href={replay.paths.ar} target="_blank" rel="noopener">
                    {m.desk_replay_open_ar()}
                  </a>
                  <a className="button button--secondary" href={replay.paths.fr} target="_blank" rel="noopener">
                    {m.desk_replay_open_fr()}
                  </a>
                  {replay.retiredAt ? (
                    <Button onClick={() => void retire(false)}>{m.desk_replay_restore()}</Button>
                  ) : (
                    <Button kind="danger" onClick={() => void retire(true)}>
                      {m.desk_replay_retire()}
                    </Button>
                  )}
                </>
              )}
            </div>
          </section>
        </div>
      </form>
      <PicturePicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(item) => {
          setPicking(false);
          set({ poster: { mediaId: item.id, url: item.thumb, alt: item.altFr || item.altAr } });
        }}
      />
    </main>
  );
}
