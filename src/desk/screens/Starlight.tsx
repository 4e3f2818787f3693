/**
 * Starlight (docs/desk.md "Starlight"), for editors and admins: the
 * seasons, the candidates (the talents), the coaches, the casting videos
 * and the casting call of each language as the public pages show them. The
 * list opens the next season or adds a candidate or a coach to a season;
 * each one's editor holds its Arabic and French texts (plain fields: the
 * pages print them as text) and its picture, chosen in the media library
 * (with its alternative texts), and retires a candidate or a coach. The
 * casting call's editor holds one language's title and texts. A refused
 * field says why next to it; nothing changes.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { isLocale, LOCALE_CONFIG, LOCALES, type Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';
import { SEASON_TOKEN, STARLIGHT_LIMITS, withSeason, type DeskCastingCall as CastingCall } from '../../lib/desk-starlight.ts';
import { api, DeskApiError } from '../api.ts';
import { useLocale, when } from '../i18n.ts';
import { MediaBrowser, Uploader, type MediaItem } from '../media.tsx';
import { Link, navigate } from '../router.tsx';
import { Button, Dialog, langLabel, Notice, ScreenTitle, SelectField, TextArea, TextField } from '../ui.tsx';

interface Season {
  id: number;
  number: number;
  year: number;
  titleAr: string;
  titleFr: string;
  cover: MediaItem | null;
  path: string;
}
interface Person {
  id: number;
  seasonNumber: number;
  role: 'candidate' | 'coach';
  nameAr: string;
  nameFr: string;
  photo: MediaItem | null;
  path: string;
  retiredAt: string | null;
}
interface Video {
  id: number;
  seasonNumber: number;
  titleAr: string;
  titleFr: string;
  thumbnail: MediaItem | null;
  path: string;
  updatedAt: string | null;
}
interface Overview {
  seasons: Season[];
  people: Person[];
  castings: Video[];
  calls: CastingCall[];
}

type Message = { kind: 'error' | 'success' | 'warning'; text: string } | null;
type Errors = Record<string, string[]>;

const LIMITS = STARLIGHT_LIMITS;

const inLang = (lang: Locale) => ({ lang, dir: LOCALE_CONFIG[lang].dir });

function failure(error: unknown, setErrors: (e: Errors) => void, setMessage: (m: Message) => void) {
  setErrors(error instanceof DeskApiError ? error.errors : {});
  setMessage({ kind: 'error', text: error instanceof DeskApiError ? error.message : m.desk_err_500() });
}

/** A small picture with its alternative text, or "no picture". */
function Thumb({ item }: { item: MediaItem | null }) {
  const locale = useLocale();
  if (!item) return <span className="hint">{m.desk_starlight_no_picture()}</span>;
  const alt = locale === 'ar' ? item.altAr : item.altFr;
  return <img className="starlight-thumb" src={item.thumb} alt={alt} width={item.width} height={item.height} />;
}

export function StarlightList() {
  const locale = useLocale();
  const [data, setData] = useState<Overview | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [season, setSeason] = useState({ titleAr: '', titleFr: '', year: String(new Date().getFullYear()) });
  const [person, setPerson] = useState({ seasonId: '', role: 'candidate', nameAr: '', nameFr: '' });
  useEffect(() => {
    api<Overview>('GET', '/api/desk/starlight').then(setData, (e: unknown) => setMessage({ kind: 'error', text: (e as Error).message }));
  }, []);
  const name = (p: { nameAr: string; nameFr: string }) => (locale === 'ar' ? p.nameAr : p.nameFr);
  const title = (s: { titleAr: string; titleFr: string }) => (locale === 'ar' ? s.titleAr : s.titleFr);

  const openSeason = async (e: SubmitEvent) => {
    e.preventDefault();
    try {
      const made = await api<Season>('POST', '/api/desk/starlight/seasons', { titleAr: season.titleAr, titleFr: season.titleFr, year: Number(season.year) });
      navigate(`/desk/starlight/seasons/${made.id}`);
    } catch (error) {
      failure(error, setErrors, setMessage);
    }
  };
  const addPerson = async (e: SubmitEvent) => {
    e.preventDefault();
    const seasonId = Number(person.seasonId || data?.seasons[0]?.id);
    try {
      const made = await api<Person>('POST', '/api/desk/starlight/people', { seasonId, role: person.role, nameAr: person.nameAr, nameFr: person.nameFr });
      navigate(`/desk/starlight/people/${made.id}`);
    } catch (error) {
      failure(error, setErrors, setMessage);
    }
  };

  const peopleTable = (role: 'candidate' | 'coach', heading: string, id: string) => {
    const rows = data?.people.filter((p) => p.role === role) ?? [];
    return (
      <section className="panel" aria-labelledby={id}>
        <h2 id={id}>{heading}</h2>
        {rows.length === 0 ? (
          <p>{m.desk_starlight_none()}</p>
        ) : (
          <table className="list">
            <thead>
              <tr>
                <th scope="col">{m.desk_starlight_picture()}</th>
                <th scope="col">{m.desk_starlight_name()}</th>
                <th scope="col">{m.desk_starlight_season()}</th>
                <th scope="col">{m.desk_starlight_state()}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Thumb item={p.photo} />
                  </td>
                  <td>
                    <Link href={`/desk/starlight/people/${p.id}`} aria-label={m.desk_starlight_edit_named({ name: name(p) })}>
                      {name(p)}
                    </Link>
                  </td>
                  <td>{m.desk_starlight_season_n({ n: p.seasonNumber })}</td>
                  <td>{p.retiredAt ? m.desk_starlight_retired() : m.desk_starlight_on_site()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    );
  };

  return (
    <main id="main" className="screen stack">
      <ScreenTitle>{m.desk_starlight_title()}</ScreenTitle>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {!data && !message && <p className="loading">{m.desk_loading()}</p>}
      {data && (
        <>
          <section className="panel" aria-labelledby="starlight-seasons">
            <h2 id="starlight-seasons">{m.desk_starlight_seasons()}</h2>
            <table className="list">
              <thead>
                <tr>
                  <th scope="col">{m.desk_starlight_picture()}</th>
                  <th scope="col">{m.desk_starlight_heading()}</th>
                  <th scope="col">{m.desk_starlight_year()}</th>
                </tr>
              </thead>
              <tbody>
                {data.seasons.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <Thumb item={s.cover} />
                    </td>
                    <td>
                      <Link href={`/desk/starlight/seasons/${s.id}`}>{`${m.desk_starlight_season_n({ n: s.number })} · ${title(s)}`}</Link>
                    </td>
                    <td>{s.year}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <form className="stack" onSubmit={(e) => void openSeason(e)} aria-labelledby="starlight-new-season">
              <h3 id="starlight-new-season">{m.desk_starlight_new_season()}</h3>
              <p className="hint">{m.desk_starlight_new_season_hint()}</p>
              <div className="toolbar-row">
                <TextField label={m.desk_starlight_title_ar()} {...inLang('ar')} value={season.titleAr} maxLength={LIMITS.seasonTitle} required errors={errors.titleAr} onChange={(e) => setSeason({ ...season, titleAr: e.target.value })} />
                <TextField label={m.desk_starlight_title_fr()} {...inLang('fr')} value={season.titleFr} maxLength={LIMITS.seasonTitle} required errors={errors.titleFr} onChange={(e) => setSeason({ ...season, titleFr: e.target.value })} />
                <TextField label={m.desk_starlight_year()} type="number" min={2000} max={2100} value={season.year} required errors={errors.year} onChange={(e) => setSeason({ ...season, year: e.target.value })} />
                <Button kind="secondary" type="submit">
                  {m.desk_starlight_open_season()}
                </Button>
              </div>
            </form>
          </section>
          <section className="panel" aria-labelledby="starlight-new-person">
            <h2 id="starlight-new-person">{m.desk_starlight_new_person()}</h2>
            <form className="toolbar-row" onSubmit={(e) => void addPerson(e)}>
              <SelectField label={m.desk_starlight_season()} value={person.seasonId || String(data.seasons[0]?.id ?? '')} errors={errors.seasonId} onChange={(e) => setPerson({ ...person, seasonId: e.target.value })}>
                {data.seasons.map((s) => (
                  <option key={s.id} value={s.id}>
                    {m.desk_starlight_season_n({ n: s.number })}
                  </option>
                ))}
              </SelectField>
              <SelectField label={m.desk_starlight_role()} value={person.role} errors={errors.role} onChange={(e) => setPerson({ ...person, role: e.target.value })}>
                <option value="candidate">{m.desk_starlight_role_candidate()}</option>
                <option value="coach">{m.desk_starlight_role_coach()}</option>
              </SelectField>
              <TextField label={m.desk_starlight_name_ar()} {...inLang('ar')} value={person.nameAr} maxLength={LIMITS.name} required errors={errors.nameAr} onChange={(e) => setPerson({ ...person, nameAr: e.target.value })} />
              <TextField label={m.desk_starlight_name_fr()} {...inLang('fr')} value={person.nameFr} maxLength={LIMITS.name} required errors={errors.nameFr} onChange={(e) => setPerson({ ...person, nameFr: e.target.value })} />
              <Button kind="primary" type="submit">
                {m.desk_starlight_add()}
              </Button>
            </form>
          </section>
          {peopleTable('candidate', m.desk_starlight_candidates(), 'starlight-candidates')}
          {peopleTable('coach', m.desk_starlight_coaches(), 'starlight-coaches')}
          <section className="panel" aria-labelledby="starlight-castings">
            <h2 id="starlight-castings">{m.desk_starlight_castings()}</h2>
            <p className="hint">{m.desk_starlight_castings_hint()}</p>
            {data.castings.length === 0 ? (
              <p>{m.desk_starlight_none()}</p>
            ) : (
              <table className="list">
                <thead>
                  <tr>
                    <th scope="col">{m.desk_starlight_picture()}</th>
                    <th scope="col">{m.desk_starlight_heading()}</th>
                    <th scope="col">{m.desk_starlight_season()}</th>
                    <th scope="col">{m.desk_updated()}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.castings.map((v) => (
                    <tr key={v.id}>
                      <td>
                        <Thumb item={v.thumbnail} />
                      </td>
                      <td>
                        <Link href={`/desk/starlight/videos/${v.id}`}>{title(v)}</Link>
                      </td>
                      <td>{m.desk_starlight_season_n({ n: v.seasonNumber })}</td>
                      <td>{v.updatedAt ? when(v.updatedAt, locale) : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section className="panel" aria-labelledby="starlight-calls">
            <h2 id="starlight-calls">{m.desk_starlight_calls()}</h2>
            <p className="hint">{m.desk_starlight_calls_hint()}</p>
            <table className="list">
              <thead>
                <tr>
                  <th scope="col">{m.desk_language()}</th>
                  <th scope="col">{m.desk_starlight_heading()}</th>
                  <th scope="col">{m.desk_updated()}</th>
                </tr>
              </thead>
              <tbody>
                {data.calls.map((c) => (
                  <tr key={c.lang}>
                    <td>{langLabel(c.lang)}</td>
                    <td>
                      <Link href={`/desk/starlight/casting-call/${c.lang}`} {...inLang(c.lang)}>
                        {withSeason(c.title, c.season)}
                      </Link>
                    </td>
                    <td>{c.updatedAt ? when(c.updatedAt, locale) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </main>
  );
}

type Kind = 'seasons' | 'people' | 'videos';
interface FieldSpec {
  key: string;
  label: () => string;
  lang: Locale;
  max: number;
  required?: boolean;
  long?: boolean;
}
interface KindSpec {
  fields: FieldSpec[];
  picture: { key: string; item: string; label: () => string };
  heading: (item: Record<string, unknown>, locale: Locale) => string;
}

const pair = (key: string, ar: () => string, fr: () => string, max: number, opts: { required?: boolean; long?: boolean } = {}): FieldSpec[] => [
  { key: `${key}Ar`, label: ar, lang: 'ar', max, ...opts },
  { key: `${key}Fr`, label: fr, lang: 'fr', max, ...opts },
];
const str = (item: Record<string, unknown>, key: string) => (typeof item[key] === 'string' ? (item[key] as string) : '');

const KINDS: Record<Kind, KindSpec> = {
  seasons: {
    fields: [...pair('title', m.desk_starlight_title_ar, m.desk_starlight_title_fr, LIMITS.seasonTitle, { required: true }), ...pair('description', m.desk_starlight_description_ar, m.desk_starlight_description_fr, LIMITS.seasonDescription, { long: true })],
    picture: { key: 'coverImageId', item: 'cover', label: m.desk_starlight_cover },
    heading: (s, l) => `${m.desk_starlight_season_n({ n: Number(s.number) })} · ${str(s, l === 'ar' ? 'titleAr' : 'titleFr')}`,
  },
  people: {
    fields: [
      ...pair('name', m.desk_starlight_name_ar, m.desk_starlight_name_fr, LIMITS.name, { required: true }),
      ...pair('city', m.desk_starlight_city_ar, m.desk_starlight_city_fr, LIMITS.city),
      ...pair('bio', m.desk_starlight_bio_ar, m.desk_starlight_bio_fr, LIMITS.bio, { long: true }),
    ],
    picture: { key: 'photoImageId', item: 'photo', label: m.desk_starlight_photo },
    heading: (p, l) => str(p, l === 'ar' ? 'nameAr' : 'nameFr'),
  },
  videos: {
    fields: pair('title', m.desk_starlight_title_ar, m.desk_starlight_title_fr, LIMITS.videoTitle, { required: true }),
    picture: { key: 'thumbnailImageId', item: 'thumbnail', label: m.desk_starlight_thumbnail },
    heading: (v, l) => str(v, l === 'ar' ? 'titleAr' : 'titleFr'),
  },
};

export function StarlightEditor({ params }: { params: Record<string, string> }) {
  const kind = params.kind as Kind;
  const spec = KINDS[kind] as KindSpec | undefined;
  const locale = useLocale();
  const [item, setItem] = useState<Record<string, unknown> | null>(null);
  const [saved, setSaved] = useState<Record<string, unknown> | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const [fresh, setFresh] = useState<MediaItem[]>([]);
  const pictureErrorId = useId();
  const url = `/api/desk/starlight/${kind}/${params.id}`;
  useEffect(() => {
    if (!spec) return;
    api<Record<string, unknown>>('GET', url).then(
      (x) => (setItem(x), setSaved(x)),
      (e: unknown) => setMessage({ kind: 'error', text: (e as Error).message }),
    );
  }, [url, spec]);
  if (!spec || !item || !saved) {
    return <main id="main" className="screen">{message ? <Notice kind="error">{message.text}</Notice> : <p className="loading">{m.desk_loading()}</p>}</main>;
  }

  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    setBusy(true);
    const payload: Record<string, unknown> = { [spec.picture.key]: item[spec.picture.key] ?? null };
    for (const f of spec.fields) payload[f.key] = str(item, f.key);
    if (kind === 'seasons') payload.year = Number(item.year);
    try {
      const next = await api<Record<string, unknown>>('PUT', url, payload);
      setItem(next);
      setSaved(next);
      setErrors({});
      setMessage({ kind: 'success', text: m.desk_starlight_saved() });
    } catch (error) {
      failure(error, setErrors, setMessage);
    }
    setBusy(false);
  };
  const retire = async () => {
    if (!window.confirm(m.desk_starlight_retire_confirm({ name: spec.heading(saved, locale) }))) return;
    try {
      const next = await api<Record<string, unknown>>('POST', `${url}/retire`);
      setItem(next);
      setSaved(next);
      setMessage({ kind: 'success', text: m.desk_starlight_retired_done() });
    } catch (error) {
      failure(error, setErrors, setMessage);
    }
  };
  const picture = (item[spec.picture.item] as MediaItem | null | undefined) ?? null;
  const pictureErrors = errors[spec.picture.key];
  return (
    <main id="main" className="screen">
      <div className="toolbar-row">
        <ScreenTitle>{spec.heading(saved, locale)}</ScreenTitle>
        <Link href="/desk/starlight">{m.desk_starlight_back()}</Link>
      </div>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {typeof saved.retiredAt === 'string' && <Notice kind="warning">{m.desk_starlight_retired()}</Notice>}
      <form className="editor-layout" onSubmit={(e) => void save(e)} noValidate>
        <div className="stack">
          {spec.fields.map((f) => {
            const props = {
              label: f.label(),
              ...inLang(f.lang),
              value: str(item, f.key),
              maxLength: f.max,
              required: f.required,
              hint: m.desk_starlight_plain_hint({ max: String(f.max) }),
              errors: errors[f.key],
            };
            return f.long ? (
              <TextArea key={f.key} rows={6} {...props} onChange={(e) => setItem({ ...item, [f.key]: e.target.value })} />
            ) : (
              <TextField key={f.key} {...props} onChange={(e) => setItem({ ...item, [f.key]: e.target.value })} />
            );
          })}
          {kind === 'seasons' && (
            <TextField label={m.desk_starlight_year()} type="number" min={2000} max={2100} value={String(item.year ?? '')} required errors={errors.year} onChange={(e) => setItem({ ...item, year: e.target.value })} />
          )}
        </div>
        <div className="stack editor-side">
          <section className="panel stack" aria-labelledby="starlight-picture">
            <h2 id="starlight-picture">{spec.picture.label()}</h2>
            <Thumb item={picture} />
            {picture && (
              <>
                <p className="hint" lang="ar" dir="rtl">
                  {m.desk_starlight_alt({ alt: picture.altAr })}
                </p>
                <p className="hint" lang="fr" dir="ltr">
                  {m.desk_starlight_alt({ alt: picture.altFr })}
                </p>
              </>
            )}
            {pictureErrors?.length ? (
              <p className="error" id={pictureErrorId}>
                {pictureErrors.join(' ')}
              </p>
            ) : null}
            <div className="actions">
              <Button onClick={() => setPicking(true)} aria-describedby={pictureErrors?.length ? pictureErrorId : undefined}>
                {m.desk_starlight_pick_picture()}
              </Button>
              {picture && <Button onClick={() => setItem({ ...item, [spec.picture.key]: null, [spec.picture.item]: null })}>{m.desk_starlight_remove_picture()}</Button>}
            </div>
          </section>
          <section className="panel">
            <div className="actions">
              <Button kind="primary" type="submit" disabled={busy}>
                {m.desk_starlight_save()}
              </Button>
              {typeof saved.retiredAt !== 'string' && (
                <a className="button button--secondary" href={String(saved.path)} target="_blank" rel="noopener">
                  {m.desk_starlight_open()}
                </a>
              )}
              {kind === 'people' && typeof saved.retiredAt !== 'string' && (
                <Button kind="danger" onClick={() => void retire()}>
                  {m.desk_starlight_retire()}
                </Button>
              )}
            </div>
          </section>
        </div>
      </form>
      <Dialog open={picking} onClose={() => setPicking(false)} title={m.desk_choose_picture()} wide>
        <Uploader onUploaded={(x) => setFresh((f) => [x, ...f.filter((y) => y.id !== x.id)])} />
        <MediaBrowser
          fresh={fresh}
          onPick={(x) => {
            setPicking(false);
            setItem({ ...item, [spec.picture.key]: x.id, [spec.picture.item]: x });
          }}
        />
      </Dialog>
    </main>
  );
}

const CALL_FIELDS = [
  { key: 'title', label: m.desk_starlight_call_title, max: LIMITS.castingTitle, required: true, long: false },
  { key: 'intro', label: m.desk_starlight_call_intro, max: LIMITS.castingText, required: true, long: true },
  { key: 'steps', label: m.desk_starlight_call_steps, max: LIMITS.castingText, required: false, long: true },
  { key: 'dates', label: m.desk_starlight_call_dates, max: LIMITS.castingText, required: false, long: true },
] as const;

/** One language's casting call (/casting and /castings): its title and its plain texts. */
export function CastingCallEditor({ params }: { params: Record<string, string> }) {
  const lang = isLocale(params.lang) ? params.lang : null;
  const [call, setCall] = useState<CastingCall | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const url = `/api/desk/starlight/casting-call/${lang ?? ''}`;
  useEffect(() => {
    if (!lang) return;
    api<CastingCall>('GET', url).then(setCall, (e: unknown) => setMessage({ kind: 'error', text: (e as Error).message }));
  }, [url, lang]);
  if (!lang) return <main id="main" className="screen"><Notice kind="error">{m.desk_not_found()}</Notice></main>;
  if (!call) {
    return <main id="main" className="screen">{message ? <Notice kind="error">{message.text}</Notice> : <p className="loading">{m.desk_loading()}</p>}</main>;
  }
  const others = LOCALES.filter((l) => l !== lang);

  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const next = await api<CastingCall>('PUT', url, { title: call.title, intro: call.intro, steps: call.steps, dates: call.dates });
      setCall(next);
      setErrors({});
      setMessage({ kind: 'success', text: m.desk_starlight_saved() });
    } catch (error) {
      failure(error, setErrors, setMessage);
    }
    setBusy(false);
  };
  return (
    <main id="main" className="screen">
      <div className="toolbar-row">
        <ScreenTitle>{lang === 'ar' ? m.desk_starlight_call_heading_ar() : m.desk_starlight_call_heading_fr()}</ScreenTitle>
        {others.map((other) => (
          <Link key={other} href={`/desk/starlight/casting-call/${other}`}>
            {other === 'ar' ? m.desk_starlight_call_other_ar() : m.desk_starlight_call_other_fr()}
          </Link>
        ))}
        <Link href="/desk/starlight">{m.desk_starlight_back()}</Link>
      </div>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <form className="stack" onSubmit={(e) => void save(e)} noValidate>
        <p className="hint">{m.desk_starlight_call_hint({ token: SEASON_TOKEN, season: String(call.season) })}</p>
        {CALL_FIELDS.map((f) => {
          const props = {
            label: f.label(),
            ...inLang(lang),
            value: call[f.key],
            maxLength: f.max,
            required: f.required,
            hint: m.desk_starlight_plain_hint({ max: String(f.max) }),
            errors: errors[f.key],
          };
          return f.long ? (
            <TextArea key={f.key} rows={5} {...props} onChange={(e) => setCall({ ...call, [f.key]: e.target.value })} />
          ) : (
            <TextField key={f.key} {...props} onChange={(e) => setCall({ ...call, [f.key]: e.target.value })} />
          );
        })}
        <div className="actions">
          <Button kind="primary" type="submit" disabled={busy}>
            {m.desk_starlight_save()}
          </Button>
          <a className="button button--secondary" href={call.path} target="_blank" rel="noopener">
            {m.desk_starlight_open()}
          </a>
        </div>
      </form>
    </main>
  );
}
