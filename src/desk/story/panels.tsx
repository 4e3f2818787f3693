/**
 * The story editor's side panels: details (section, tags, byline, slug),
 * pictures and video, the search and social preview, the translation.
 */
import { LOCALE_CONFIG, otherLocale } from '../../i18n/locales.ts';
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import * as m from '../../paraglide/messages.js';
import { bodyText, STORY_LIMITS, type StoryDoc, type StoryPicture } from '../../lib/desk-story.ts';
import { cut } from '../../lib/text.ts';
import { api, query } from '../api.ts';
import { count } from '../i18n.ts';
import { Link } from '../router.tsx';
import type { MediaItem } from '../media.tsx';
import { Button, langLabel, SelectField, StateBadge, TextField } from '../ui.tsx';
import type { Replay, Section, StoryDetail } from './types.ts';

type Change = (patch: Partial<StoryDoc>) => void;

export function DetailsPanel({ story, doc, sections, editable, errors, change }: { story: StoryDetail; doc: StoryDoc; sections: Section[]; editable: boolean; errors: Record<string, string[]>; change: Change }) {
  const [tag, setTag] = useState('');
  const [tagOptions, setTagOptions] = useState<string[]>([]);
  const [authors, setAuthors] = useState<string[]>([]);
  const tagList = useId();
  const authorList = useId();
  useEffect(() => {
    if (tag.trim().length < 1) return setTagOptions([]);
    const t = setTimeout(() => {
      api<{ id: number; name: string }[]>('GET', `/api/desk/tags${query({ lang: story.lang, q: tag.trim() })}`)
        .then((list) => setTagOptions(list.map((x) => x.name)))
        .catch(() => setTagOptions([]));
    }, 200);
    return () => clearTimeout(t);
  }, [tag, story.lang]);
  useEffect(() => {
    if (doc.byline.trim().length < 2) return setAuthors([]);
    const t = setTimeout(() => {
      api<{ nameAr: string; nameFr: string }[]>('GET', `/api/desk/authors${query({ q: doc.byline.trim() })}`)
        .then((list) => setAuthors(list.map((a) => (story.lang === 'ar' ? a.nameAr : a.nameFr))))
        .catch(() => setAuthors([]));
    }, 200);
    return () => clearTimeout(t);
  }, [doc.byline, story.lang]);
  const addTag = (e?: SyntheticEvent) => {
    e?.preventDefault();
    const name = tag.trim();
    if (!name || doc.tags.some((t) => t.name === name) || doc.tags.length >= STORY_LIMITS.tags) return;
    change({ tags: [...doc.tags, { name }] });
    setTag('');
  };
  const section = sections.find((s) => s.id === doc.sectionId);
  const path = `/${story.lang}/${section?.route ?? 'news'}/${story.slug || '…'}`;
  return (
    <section aria-labelledby="panel-details">
      <h2 id="panel-details">{m.desk_details()}</h2>
      <SelectField label={m.desk_section()} value={doc.sectionId ?? ''} disabled={!editable} onChange={(e) => change({ sectionId: e.target.value ? Number(e.target.value) : null })} errors={errors.sectionId}>
        <option value="">{m.desk_choose()}</option>
        {sections.map((s) => (
          <option key={s.id} value={s.id}>
            {s.parent ? `${s.parent} › ${s.name}` : s.name}
          </option>
        ))}
      </SelectField>
      <div className="field">
        <span id="tags-label" className="label">
          {m.desk_tags()}
        </span>
        <ul className="chips" aria-labelledby="tags-label">
          {doc.tags.map((t) => (
            <li key={t.name} lang={story.lang}>
              {t.name}{' '}
              {editable && (
                <button type="button" className="button button--quiet" aria-label={m.desk_remove_tag({ name: t.name })} onClick={() => change({ tags: doc.tags.filter((x) => x.name !== t.name) })}>
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
      {editable && (
        <div className="actions">
          <TextField
            label={m.desk_add_tag()}
            lang={story.lang}
            list={tagList}
            value={tag}
            maxLength={STORY_LIMITS.tag}
            onChange={(e) => setTag(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && addTag(e)}
            hint={m.desk_tag_hint()}
            errors={errors.tags}
          />
          <datalist id={tagList}>
            {tagOptions.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          <Button onClick={() => addTag()}>{m.desk_add()}</Button>
        </div>
      )}
      <TextField label={m.desk_byline()} lang={story.lang} list={authorList} value={doc.byline} readOnly={!editable} maxLength={STORY_LIMITS.byline} onChange={(e) => change({ byline: e.target.value })} errors={errors.byline} />
      <datalist id={authorList}>
        {authors.map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      <TextField
        label={m.desk_slug()}
        dir="auto"
        value={doc.slug}
        readOnly={!editable}
        maxLength={STORY_LIMITS.slug}
        placeholder={m.desk_slug_placeholder()}
        onChange={(e) => change({ slug: e.target.value })}
        hint={
          <>
            {m.desk_slug_preview()} <code dir="ltr">{path}</code>
          </>
        }
        errors={errors.slug}
      />
    </section>
  );
}

function PictureRow({ picture, item, editable, label, onCaption, onRemove, onUp, onDown }: { picture: StoryPicture; item: MediaItem | undefined; editable: boolean; label: string; onCaption?: (c: string) => void; onRemove: () => void; onUp?: () => void; onDown?: () => void }) {
  return (
    <div className="picked">
      {item ? <img src={item.thumb} alt={item.altFr || item.altAr} width={item.width} height={item.height} /> : <span>#{picture.imageId}</span>}
      <div className="stack">
        {onCaption && <TextField label={m.desk_caption_of({ what: label })} dir="auto" value={picture.caption} readOnly={!editable} maxLength={STORY_LIMITS.caption} onChange={(e) => onCaption(e.target.value)} />}
        {editable && (
          <div className="actions">
            {onUp && (
              <Button kind="quiet" onClick={onUp} aria-label={m.desk_move_up({ what: label })}>
                ↑
              </Button>
            )}
            {onDown && (
              <Button kind="quiet" onClick={onDown} aria-label={m.desk_move_down({ what: label })}>
                ↓
              </Button>
            )}
            <Button kind="danger" onClick={onRemove} aria-label={m.desk_remove_named({ what: label })}>
              {m.desk_remove()}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

export function PicturesPanel({ story, doc, editable, errors, change, pick }: { story: StoryDetail; doc: StoryDoc; editable: boolean; errors: Record<string, string[]>; change: Change; pick: (to: 'cover' | 'gallery') => void }) {
  const [items, setItems] = useState<Map<number, MediaItem>>(new Map());
  const [videoQuery, setVideoQuery] = useState('');
  const [replays, setReplays] = useState<Replay[]>([]);
  const [video, setVideo] = useState<Replay | null>(null);
  const ids = [doc.cover?.imageId, ...doc.gallery.map((g) => g.imageId)].filter((x): x is number => x !== undefined);
  const key = ids.join(',');
  useEffect(() => {
    if (!key) return;
    api<{ items: MediaItem[] }>('GET', `/api/desk/media${query({ ids: key })}`)
      .then((page) => setItems(new Map(page.items.map((i) => [i.id, i]))))
      .catch(() => {});
  }, [key]);
  useEffect(() => {
    if (doc.videoId === null) return setVideo(null);
    if (video?.videoId === doc.videoId) return;
    api<Replay[]>('GET', `/api/desk/videos${query({ id: doc.videoId, lang: story.lang })}`)
      .then((list) => setVideo(list[0] ?? null))
      .catch(() => {});
  }, [doc.videoId, story.lang, video?.videoId]);
  useEffect(() => {
    if (videoQuery.trim().length < 2) return setReplays([]);
    const t = setTimeout(() => {
      api<Replay[]>('GET', `/api/desk/videos${query({ q: videoQuery.trim(), lang: story.lang })}`)
        .then(setReplays)
        .catch(() => setReplays([]));
    }, 250);
    return () => clearTimeout(t);
  }, [videoQuery, story.lang]);
  const move = (i: number, by: number) => {
    const g = [...doc.gallery];
    const [x] = g.splice(i, 1);
    g.splice(i + by, 0, x!);
    change({ gallery: g });
  };
  return (
    <section aria-labelledby="panel-pictures">
      <h2 id="panel-pictures">{m.desk_pictures()}</h2>
      <h3>{m.desk_cover()}</h3>
      {errors.cover && <p className="error">{errors.cover.join(' ')}</p>}
      {doc.cover ? (
        <PictureRow picture={doc.cover} item={items.get(doc.cover.imageId)} editable={editable} label={m.desk_cover_item()} onRemove={() => change({ cover: null })} />
      ) : (
        <p className="hint">{m.desk_no_cover()}</p>
      )}
      {editable && <Button onClick={() => pick('cover')}>{doc.cover ? m.desk_change_cover() : m.desk_choose_cover()}</Button>}
      <h3>{m.desk_gallery()}</h3>
      {doc.gallery.map((g, i) => (
        <div key={`${g.imageId}-${i}`}>
          {errors[`gallery.${i}`] && <p className="error">{errors[`gallery.${i}`]!.join(' ')}</p>}
          <PictureRow
            picture={g}
            item={items.get(g.imageId)}
            editable={editable}
            label={m.desk_gallery_item({ n: String(i + 1) })}
            onCaption={(caption) => change({ gallery: doc.gallery.map((x, j) => (j === i ? { ...x, caption } : x)) })}
            onRemove={() => change({ gallery: doc.gallery.filter((_, j) => j !== i) })}
            {...(i > 0 ? { onUp: () => move(i, -1) } : {})}
            {...(i < doc.gallery.length - 1 ? { onDown: () => move(i, 1) } : {})}
          />
        </div>
      ))}
      {editable && doc.gallery.length < STORY_LIMITS.gallery && <Button onClick={() => pick('gallery')}>{m.desk_add_to_gallery()}</Button>}
      <h3>{m.desk_video()}</h3>
      {errors.videoId && <p className="error">{errors.videoId.join(' ')}</p>}
      {doc.videoId !== null ? (
        <div className="actions">
          <span dir="auto">{video ? video.title : `#${doc.videoId}`}</span>
          {editable && (
            <Button kind="danger" onClick={() => change({ videoId: null })}>
              {m.desk_remove()}
            </Button>
          )}
        </div>
      ) : (
        editable && (
          <>
            <TextField label={m.desk_find_replay()} type="search" lang={story.lang} value={videoQuery} onChange={(e) => setVideoQuery(e.target.value)} />
            <ul className="plain">
              {replays.map((r) => (
                <li key={r.videoId}>
                  <Button kind="quiet" onClick={() => (change({ videoId: r.videoId }), setVideo(r), setVideoQuery(''))}>
                    {r.title}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )
      )}
    </section>
  );
}

function Meter({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <p className={value > max ? 'counter over' : 'counter'}>
      {label}: {m.desk_chars({ n: count(value), max: count(max) })}
      {value > max ? ` — ${m.desk_too_long_for_search()}` : ''}
    </p>
  );
}

export function SeoPanel({ story, doc, cover }: { story: StoryDetail; doc: StoryDoc; cover: string | null }) {
  const title = `${doc.title} | ${m.site_name({}, { locale: story.lang })}`;
  const description = cut(doc.summary || bodyText(doc.body), STORY_LIMITS.seoDescription);
  const host = window.location.host;
  return (
    <section aria-labelledby="panel-seo">
      <h2 id="panel-seo">{m.desk_seo()}</h2>
      <Meter label={m.desk_seo_title()} value={[...title].length} max={STORY_LIMITS.seoTitle} />
      <Meter label={m.desk_seo_description()} value={[...(doc.summary || '')].length} max={STORY_LIMITS.seoDescription} />
      <h3>{m.desk_search_result()}</h3>
      <div lang={story.lang} dir={LOCALE_CONFIG[story.lang].dir}>
        <p className="serp-title">{cut(title, STORY_LIMITS.seoTitle)}</p>
        <p className="hint" dir="ltr">
          {host}
          {story.live?.path ?? ''}
        </p>
        <p>{description}</p>
      </div>
      <h3>{m.desk_social_card()}</h3>
      <div className="seo-card" lang={story.lang} dir={LOCALE_CONFIG[story.lang].dir}>
        {cover ? <img className="seo-card-image" src={cover} alt="" /> : <div className="seo-card-image" />}
        <div className="seo-card-text">
          <p className="seo-card-host" dir="ltr">
            {host}
          </p>
          <p>
            <strong>{doc.title || m.desk_untitled()}</strong>
          </p>
          <p className="hint">{description}</p>
        </div>
      </div>
    </section>
  );
}

export function TranslationPanel({ story, busy, onStart, sideBySide, setSideBySide }: { story: StoryDetail; busy: boolean; onStart: () => void; sideBySide: boolean; setSideBySide: (v: boolean) => void }) {
  const other = otherLocale(story.lang);
  return (
    <section aria-labelledby="panel-translation">
      <h2 id="panel-translation">{m.desk_translation()}</h2>
      {story.translation ? (
        <div className="stack">
          <p>
            {langLabel(story.translation.lang)}: <Link href={`/desk/stories/${story.translation.id}`} lang={story.translation.lang}>{story.translation.title || m.desk_untitled()}</Link> <StateBadge state={story.translation.state} />
          </p>
          <label className="checkbox">
            <input type="checkbox" checked={sideBySide} onChange={(e) => setSideBySide(e.target.checked)} /> {m.desk_side_by_side()}
          </label>
        </div>
      ) : (
        <Button disabled={busy} onClick={onStart}>
          {other === 'fr' ? m.desk_start_french() : m.desk_start_arabic()}
        </Button>
      )}
    </section>
  );
}

/** The other language's version, beside the one being written (read only). */
export function OtherVersion({ id }: { id: number }) {
  const [other, setOther] = useState<StoryDetail | null>(null);
  useEffect(() => {
    api<StoryDetail>('GET', `/api/desk/stories/${id}`)
      .then(setOther)
      .catch(() => setOther(null));
  }, [id]);
  if (!other) return <p className="loading">{m.desk_loading()}</p>;
  return (
    <aside className="other-version" lang={other.lang} dir={LOCALE_CONFIG[other.lang].dir} aria-label={m.desk_other_version({ lang: langLabel(other.lang) })}>
      <h2>{other.doc.title || m.desk_untitled()}</h2>
      <p>
        <strong>{other.doc.summary}</strong>
      </p>
      {/* The body was sanitised by the server when it was saved (src/server/newsroom/sanitize.ts). */}
      <div dangerouslySetInnerHTML={{ __html: other.doc.body }} />
    </aside>
  );
}
