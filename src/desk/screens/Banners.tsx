/**
 * House banners (docs/desk.md "Banners"): upload a creative (the media
 * pipeline makes its WebP and AVIF), choose a slot's size, the countries
 * it is shown in (all, only some, all but some: ADR 053), dates, weight
 * and click URL, see it in the sizes of the slots that take
 * it, pause and resume. Editors and admins change; journalists read.
 */
import { useCallback, useEffect, useId, useMemo, useState, type ChangeEvent, type SubmitEvent } from 'react';
import * as m from '../../paraglide/messages.js';
import { api, problemOf, upload, type Problem } from '../api.ts';
import { count, useLocale } from '../i18n.ts';
import { countriesInOrder, type CountryRule } from '../../lib/countries.ts';
import { LOCALE_CONFIG } from '../../i18n/locales.ts';
import { casablancaLocalDateTime } from '../../lib/desk-dates.ts';
import { useSession } from '../session.tsx';
import { Button, Notice, ScreenTitle, SelectField, TextField } from '../ui.tsx';

interface Banner {
  id: number;
  name: string;
  countryRule: CountryRule;
  countries: string[];
  width: number;
  height: number;
  image: string | null;
  image2x: string | null;
  headlineAr: string;
  headlineFr: string;
  clickUrl: string;
  weight: number;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
  impressions: number;
  clicks: number;
}

interface Slot {
  slot: string;
  sizes: [number, number][];
}

interface Draft {
  id: number | null;
  name: string;
  countryRule: CountryRule;
  countries: string[];
  size: string;
  imageId: number | null;
  image: string | null;
  headlineAr: string;
  headlineFr: string;
  clickUrl: string;
  weight: string;
  startsAt: string;
  endsAt: string;
}


const EMPTY: Draft = { id: null, name: '', countryRule: 'all', countries: [], size: '', imageId: null, image: null, headlineAr: '', headlineFr: '', clickUrl: '', weight: '1', startsAt: '', endsAt: '' };

function slotLabel(slot: string): string {
  if (slot === 'top-mobile') return m.desk_ban_slot_top_mobile();
  if (slot === 'top-web') return m.desk_ban_slot_top_web();
  return m.desk_ban_slot_rectangle();
}

function draftOf(b: Banner): Draft {
  return {
    id: b.id,
    name: b.name,
    countryRule: b.countryRule,
    countries: b.countries,
    size: `${b.width}x${b.height}`,
    imageId: null,
    image: b.image,
    headlineAr: b.headlineAr,
    headlineFr: b.headlineFr,
    clickUrl: b.clickUrl,
    weight: String(b.weight),
    startsAt: b.startsAt ? casablancaLocalDateTime(b.startsAt) : '',
    endsAt: b.endsAt ? casablancaLocalDateTime(b.endsAt) : '',
  };
}

/** Country names in the desk's language (Intl.DisplayNames); the code itself when the browser has no name. */
function countryNames(tag: string): (code: string) => string {
  const display = new Intl.DisplayNames([tag], { type: 'region' });
  const cache = new Map<string, string>();
  return (code) => {
    let name = cache.get(code);
    if (name === undefined) {
      name = display.of(code) ?? code;
      cache.set(code, name);
    }
    return name;
  };
}

/** What the list says of a banner's countries: every country, the countries, or every country but them (a long list: its first five and how many more). */
function whereLabel(rule: CountryRule, countries: readonly string[], names: (code: string) => string, tag: string): string {
  if (rule === 'all') return m.desk_ban_rule_all();
  const shown = countries.length > 6 ? [...countries.slice(0, 5).map(names), m.desk_ban_countries_more({ count: count(countries.length - 5) })] : countries.map(names);
  const list = new Intl.ListFormat(tag, { type: 'conjunction' }).format(shown);
  return rule === 'only' ? m.desk_ban_where_only({ countries: list }) : m.desk_ban_where_except({ countries: list });
}

/**
 * Where a banner is shown: every country, only the chosen ones, or all but
 * the chosen ones; Morocco and the diaspora's countries first, the others
 * by their name in the desk's language (folded away until opened).
 */
function CountriesField({
  rule,
  countries,
  names,
  onChange,
  errors,
}: {
  rule: CountryRule;
  countries: string[];
  names: (code: string) => string;
  onChange: (patch: Pick<Draft, 'countryRule' | 'countries'>) => void;
  errors: string[] | undefined;
}) {
  const id = useId();
  const locale = useLocale();
  const order = useMemo(() => countriesInOrder(LOCALE_CONFIG[locale].bcp47, names), [locale, names]);
  const chosen = new Set(countries);
  const toggle = (code: string, on: boolean) => onChange({ countryRule: rule, countries: on ? [...countries, code] : countries.filter((c) => c !== code) });
  const others = order.others.filter((c) => chosen.has(c)).length;
  const box = (code: string) => (
    <li key={code}>
      <label className="checkbox">
        <input type="checkbox" name="country" value={code} checked={chosen.has(code)} onChange={(e) => toggle(code, e.target.checked)} />
        {names(code)}
      </label>
    </li>
  );
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="stack banner-countries">
      <fieldset className="banner-rule" aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(' ')}>
        <legend>{m.desk_ban_countries()}</legend>
        <div className="toolbar-row">
          {(['all', 'only', 'except'] as const).map((r) => (
            <label key={r} className="checkbox">
              <input type="radio" name={`${id}-rule`} value={r} checked={rule === r} onChange={() => onChange({ countryRule: r, countries })} />
              {r === 'all' ? m.desk_ban_rule_all() : r === 'only' ? m.desk_ban_rule_only() : m.desk_ban_rule_except()}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="hint" id={`${id}-hint`}>
        {m.desk_ban_countries_hint()}
      </p>
      {rule !== 'all' && (
        <>
          <fieldset className="banner-country-group">
            <legend>{m.desk_ban_countries_first()}</legend>
            <ul className="plain banner-country-list">{order.first.map(box)}</ul>
          </fieldset>
          <details className="banner-country-group">
            <summary>{m.desk_ban_countries_others({ chosen: count(others) })}</summary>
            <ul className="plain banner-country-list">{order.others.map(box)}</ul>
          </details>
          <p className="hint" aria-live="polite" data-countries-chosen>
            {countries.length === 0 ? m.desk_ban_countries_none() : whereLabel(rule, countries, names, LOCALE_CONFIG[locale].bcp47)}
          </p>
        </>
      )}
      {errorId && (
        <p className="error" id={errorId}>
          {errors!.join(' ')}
        </p>
      )}
    </div>
  );
}

/** The creative in each slot that takes its size, at that size. */
function Preview({ draft, slots }: { draft: Draft; slots: Slot[] }) {
  const [w, h] = draft.size.split('x').map(Number);
  if (!draft.image || !w || !h) return null;
  const taking = slots.filter((s) => s.sizes.some(([sw, sh]) => sw === w && sh === h));
  return (
    <section className="stack" aria-labelledby="ban-preview">
      <h3 id="ban-preview">{m.desk_ban_preview()}</h3>
      {taking.map((s) => (
        <figure key={s.slot} className="banner-preview">
          <img src={draft.image!} width={w} height={h} alt={draft.headlineFr || draft.headlineAr} />
          <figcaption>
            {slotLabel(s.slot)} · <span dir="ltr">{draft.size}</span>
          </figcaption>
        </figure>
      ))}
    </section>
  );
}

export default function BannersScreen() {
  const { session } = useSession();
  const locale = useLocale();
  const names = useMemo(() => countryNames(LOCALE_CONFIG[locale].bcp47), [locale]);
  const mayChange = session?.person?.role !== 'journalist';
  const [banners, setBanners] = useState<Banner[]>([]);
  const [slots, setSlots] = useState<Slot[]>([]);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<Problem>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const load = useCallback(() => {
    api<{ banners: Banner[]; slots: Slot[] }>('GET', '/api/desk/banners').then(
      (r) => {
        setBanners(r.banners);
        setSlots(r.slots);
      },
      (e: unknown) => setProblem(problemOf(e)),
    );
  }, []);
  useEffect(load, [load]);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(null);
    setUploading(true);
    try {
      const { item } = await upload<{ imageId: number; url: string }>('/api/desk/banners/creative', file, () => {});
      setDraft((d) => ({ ...d, imageId: item.imageId, image: item.url }));
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setUploading(false);
    }
  };

  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    setProblem(null);
    setNotice(null);
    if (draft.imageId === null && draft.id === null) {
      setProblem({ message: m.desk_ban_err_creative(), errors: { imageId: [m.desk_ban_err_creative()] } });
      return;
    }
    const [width, height] = draft.size.split('x').map(Number);
    const body = {
      name: draft.name,
      countryRule: draft.countryRule,
      countries: draft.countryRule === 'all' ? [] : draft.countries,
      width: width ?? 0,
      height: height ?? 0,
      // Without a new creative a banner keeps its own.
      ...(draft.imageId === null ? {} : { imageId: draft.imageId }),
      headlineAr: draft.headlineAr,
      headlineFr: draft.headlineFr,
      clickUrl: draft.clickUrl,
      weight: Number(draft.weight),
      // Wall-clock times as typed: the server makes them instants with its own time-zone data.
      startsAt: draft.startsAt || null,
      endsAt: draft.endsAt || null,
    };
    try {
      await (draft.id === null ? api('POST', '/api/desk/banners', body) : api('PUT', `/api/desk/banners/${draft.id}`, body));
      setNotice(m.desk_ban_saved());
      setDraft(EMPTY);
      load();
    } catch (err) {
      setProblem(problemOf(err));
    }
  };

  const toggle = async (b: Banner) => {
    try {
      await api('POST', `/api/desk/banners/${b.id}/${b.active ? 'pause' : 'resume'}`);
      load();
    } catch (err) {
      setProblem(problemOf(err));
    }
  };

  const errors = problem?.errors ?? {};
  return (
    <main id="main" className="screen stack">
      <ScreenTitle>{m.desk_nav_banners()}</ScreenTitle>
      <p>{m.desk_ban_lead()}</p>
      {problem && <Notice kind="error">{problem.message}</Notice>}
      {notice && <Notice kind="success">{notice}</Notice>}
      {mayChange && (
        <section className="panel stack" aria-labelledby="ban-form">
          <h2 id="ban-form">{draft.id === null ? m.desk_ban_new() : m.desk_ban_edit_named({ name: draft.name })}</h2>
          <form className="stack" onSubmit={(e) => void save(e)} noValidate>
            <TextField label={m.desk_ban_name()} dir="auto" value={draft.name} maxLength={120} onChange={(e) => set({ name: e.target.value })} errors={errors.name} />
            <TextField label={m.desk_ban_creative()} type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => void pick(e)} hint={uploading ? m.desk_ban_uploading() : m.desk_ban_creative_hint()} errors={errors.imageId} />
            <SelectField label={m.desk_ban_size()} value={draft.size} onChange={(e) => set({ size: e.target.value })} errors={errors.width}>
              <option value="" />
              {slots.map((s) => (
                <optgroup key={s.slot} label={slotLabel(s.slot)}>
                  {s.sizes.map(([w, h]) => (
                    <option key={`${s.slot}-${w}x${h}`} value={`${w}x${h}`}>
                      {w} × {h}
                    </option>
                  ))}
                </optgroup>
              ))}
            </SelectField>
            <CountriesField rule={draft.countryRule} countries={draft.countries} names={names} onChange={(patch) => set(patch)} errors={errors.countries} />
            <TextField label={m.desk_ban_headline_ar()} dir="rtl" lang="ar" value={draft.headlineAr} maxLength={200} onChange={(e) => set({ headlineAr: e.target.value })} errors={errors.headlineAr} />
            <TextField label={m.desk_ban_headline_fr()} dir="ltr" lang="fr" value={draft.headlineFr} maxLength={200} onChange={(e) => set({ headlineFr: e.target.value })} errors={errors.headlineFr} />
            <TextField label={m.desk_ban_click()} dir="ltr" value={draft.clickUrl} maxLength={2000} onChange={(e) => set({ clickUrl: e.target.value })} errors={errors.clickUrl} />
            <TextField label={m.desk_ban_weight()} type="number" min={1} max={1000} dir="ltr" value={draft.weight} onChange={(e) => set({ weight: e.target.value })} errors={errors.weight} />
            <div className="toolbar-row">
              <TextField label={m.desk_ban_starts()} type="datetime-local" dir="ltr" value={draft.startsAt} onChange={(e) => set({ startsAt: e.target.value })} errors={errors.startsAt} />
              <TextField label={m.desk_ban_ends()} type="datetime-local" dir="ltr" value={draft.endsAt} onChange={(e) => set({ endsAt: e.target.value })} errors={errors.endsAt} />
            </div>
            <Preview draft={draft} slots={slots} />
            <Button kind="primary" type="submit" disabled={uploading}>
              {m.desk_ban_save()}
            </Button>
          </form>
        </section>
      )}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={m.desk_ban_list()}>
        <table className="list">
          <caption>{m.desk_ban_list()}</caption>
          <thead>
            <tr>
              <th scope="col">{m.desk_ban_name()}</th>
              <th scope="col">{m.desk_ban_size()}</th>
              <th scope="col">{m.desk_ban_countries()}</th>
              <th scope="col">{m.desk_state()}</th>
              <th scope="col">{m.desk_actions()}</th>
            </tr>
          </thead>
          <tbody>
            {banners.map((b) => (
              <tr key={b.id} data-banner={b.id}>
                <td dir="auto">{b.name}</td>
                <td dir="ltr">
                  {b.width} × {b.height}
                </td>
                <td>{whereLabel(b.countryRule, b.countries, names, LOCALE_CONFIG[locale].bcp47)}</td>
                <td>
                  {b.active ? m.desk_ban_active() : m.desk_ban_paused()} · {m.desk_ban_stats({ impressions: count(b.impressions), clicks: count(b.clicks) })}
                </td>
                <td>
                  {mayChange && (
                    <span className="actions">
                      <Button kind="quiet" onClick={() => setDraft(draftOf(b))}>
                        {m.desk_ban_edit()}
                      </Button>
                      <Button onClick={() => void toggle(b)} aria-label={b.active ? m.desk_ban_pause_named({ name: b.name }) : m.desk_ban_resume_named({ name: b.name })}>
                        {b.active ? m.desk_ban_pause() : m.desk_ban_resume()}
                      </Button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
