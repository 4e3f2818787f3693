/**
 * The media library's pieces (docs/desk.md "Pictures"), used by its screen
 * and by the story editor's picker:
 *
 *  - `Uploader`: drop several pictures (or choose them), each sent with a
 *    progress bar; too large or not a picture is refused before sending,
 *    and the server's refusal (413, 415, 422) is shown in the person's language;
 *  - `MediaEditor`: Arabic and French alternative text (both required
 *    before the picture is used), credit, and the focal point the site's
 *    crops keep in view (click the picture, or two sliders), with the
 *    crops previewed;
 *  - `MediaBrowser`: search, pages, and a choice among ready pictures.
 */
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import * as m from '../paraglide/messages.js';
import { api, DeskApiError, query, upload } from './api.ts';
import { count } from './i18n.ts';
import { Button, Dialog, Notice, TextField } from './ui.tsx';
import type { MediaItem } from '../lib/desk-story.ts';

export type { MediaItem };

/** What the server takes (src/server/newsroom/media.ts). */
const MAX_BYTES = 20 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

interface Upload {
  key: string;
  name: string;
  progress: number;
  error: string | null;
  item: MediaItem | null;
}

export function Uploader({ onUploaded }: { onUploaded: (item: MediaItem) => void }) {
  const [over, setOver] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const update = (key: string, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const send = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const key = `${file.name}-${file.size}-${Math.random()}`;
        const refused = !TYPES.includes(file.type) ? m.desk_err_media_type() : file.size > MAX_BYTES ? m.desk_err_media_large({ max: '20' }) : null;
        setUploads((list) => [...list, { key, name: file.name, progress: 0, error: refused, item: null }]);
        if (refused) continue;
        upload<MediaItem>('/api/desk/media', file, (progress) => update(key, { progress }))
          .then(({ item }) => {
            update(key, { progress: 1, item });
            onUploaded(item);
          })
          .catch((error: unknown) => update(key, { error: error instanceof DeskApiError ? error.message : m.desk_err_500() }));
      }
    },
    [onUploaded],
  );

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    send(Array.from(e.dataTransfer.files));
  };

  return (
    <div>
      <div
        className={over ? 'dropzone over' : 'dropzone'}
        onDragOver={(e) => (e.preventDefault(), setOver(true))}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-dropzone
      >
        <p id={hintId}>{m.desk_drop_hint()}</p>
        <Button onClick={() => input.current?.click()} aria-describedby={hintId}>
          {m.desk_choose_files()}
        </Button>
        <input
          ref={input}
          type="file"
          accept={TYPES.join(',')}
          multiple
          hidden
          onChange={(e) => {
            send(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </div>
      {uploads.length > 0 && (
        <ul className="uploads" aria-label={m.desk_uploads()}>
          {uploads.map((u) => (
            <li key={u.key}>
              <span dir="auto">{u.name}</span>{' '}
              {u.error ? (
                <span className="error" role="alert">
                  {u.error}
                </span>
              ) : u.item ? (
                <span role="status">{m.desk_uploaded()}</span>
              ) : (
                <progress max={1} value={u.progress} aria-label={m.desk_upload_progress({ name: u.name })}>
                  {Math.round(u.progress * 100)}%
                </progress>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

function MediaEditor({ item, onSaved }: { item: MediaItem; onSaved: (item: MediaItem) => void }) {
  const [altAr, setAltAr] = useState(item.altAr);
  const [altFr, setAltFr] = useState(item.altFr);
  const [credit, setCredit] = useState(item.credit);
  const [focus, setFocus] = useState(item.focus ?? { x: 0.5, y: 0.5 });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const missing: Record<string, string[]> = {};
    if (!altAr.trim()) missing.altAr = [m.desk_err_field_required()];
    if (!altFr.trim()) missing.altFr = [m.desk_err_field_required()];
    setErrors(missing);
    if (Object.keys(missing).length) return setMessage({ kind: 'error', text: m.desk_alt_required() });
    setBusy(true);
    try {
      const saved = await api<MediaItem>('PUT', `/api/desk/media/${item.id}`, { altAr, altFr, credit, focus });
      setMessage({ kind: 'success', text: m.desk_saved() });
      onSaved(saved);
    } catch (error) {
      setErrors(error instanceof DeskApiError ? error.errors : {});
      setMessage({ kind: 'error', text: error instanceof DeskApiError ? error.message : m.desk_err_500() });
    } finally {
      setBusy(false);
    }
  };

  const pick = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    setFocus({ x: clamp((e.clientX - box.left) / box.width), y: clamp((e.clientY - box.top) / box.height) });
  };
  const nudge = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 0.1 : 0.02;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const mv = moves[e.key];
    if (!mv) return;
    e.preventDefault();
    setFocus((f) => ({ x: clamp(f.x + mv[0]), y: clamp(f.y + mv[1]) }));
  };
  const pos = `${Math.round(focus.x * 100)}% ${Math.round(focus.y * 100)}%`;

  return (
    <div className="media-editor stack">
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <TextField label={m.desk_alt_ar()} lang="ar" dir="rtl" value={altAr} maxLength={300} required onChange={(e) => setAltAr(e.target.value)} errors={errors.altAr} />
      <TextField label={m.desk_alt_fr()} lang="fr" dir="ltr" value={altFr} maxLength={300} required onChange={(e) => setAltFr(e.target.value)} errors={errors.altFr} />
      <TextField label={m.desk_credit()} value={credit} maxLength={200} onChange={(e) => setCredit(e.target.value)} errors={errors.credit} />
      <fieldset>
        <legend>{m.desk_focus()}</legend>
        <p className="hint">{m.desk_focus_hint()}</p>
        {/* Picture coordinates do not turn with the page's direction. */}
        <div dir="ltr">
          <div className="focus-picker" onClick={pick} onKeyDown={nudge} tabIndex={0} role="group" aria-label={m.desk_focus_point({ x: String(Math.round(focus.x * 100)), y: String(Math.round(focus.y * 100)) })}>
            <img src={item.thumb} alt={altFr || altAr} width={item.width} height={item.height} style={{ maxBlockSize: '16rem', inlineSize: 'auto' }} />
            <span className="focus-dot" style={{ insetInlineStart: `${focus.x * 100}%`, insetBlockStart: `${focus.y * 100}%` }} />
          </div>
        </div>
        <div className="crops" aria-label={m.desk_crops()} role="group">
          <img src={item.thumb} alt="" width={160} height={90} style={{ objectPosition: pos }} />
          <img src={item.thumb} alt="" width={90} height={90} style={{ objectPosition: pos }} />
          <img src={item.thumb} alt="" width={72} height={128} style={{ objectPosition: pos }} />
        </div>
      </fieldset>
      <Button kind="primary" disabled={busy} onClick={() => void save()}>
        {m.desk_save_picture()}
      </Button>
    </div>
  );
}

/** Search and browse the library; `onPick` for a ready picture (none: the library screen). */
export function MediaBrowser({ onPick, fresh }: { onPick?: (item: MediaItem) => void; fresh: MediaItem[] }) {
  const [q, setQ] = useState('');
  const [items, setItems] = useState<MediaItem[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [editing, setEditing] = useState<MediaItem | null>(null);
  const [closed, setClosed] = useState<Set<number>>(new Set());
  const [justSaved, setJustSaved] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (text: string, before: number | null) => {
    try {
      const page = await api<{ items: MediaItem[]; next: number | null }>('GET', `/api/desk/media${query({ q: text, before })}`);
      setItems((list) => (before ? [...list, ...page.items] : page.items));
      setNext(page.next);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);

  useEffect(() => {
    const t = setTimeout(() => void load(q, null), 250);
    return () => clearTimeout(t);
  }, [q, load]);

  // What was just uploaded first, each in its latest state.
  const shown = [...fresh.filter((f) => !items.some((i) => i.id === f.id)), ...items];

  const saved = (item: MediaItem) => {
    setItems((list) => (list.some((i) => i.id === item.id) ? list.map((i) => (i.id === item.id ? item : i)) : [item, ...list]));
    setEditing(null);
    setClosed((c) => new Set(c).add(item.id));
    setJustSaved(item.id);
  };
  // A picture just uploaded opens its editor until it has its alternative texts.
  const isOpen = (i: MediaItem) => editing?.id === i.id || (!i.ready && fresh.some((f) => f.id === i.id) && !closed.has(i.id));

  return (
    <div className="stack">
      <TextField label={m.desk_media_search()} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      {error && <Notice kind="error">{error}</Notice>}
      <p role="status">{m.desk_media_count({ count: count(shown.length) })}</p>
      <ul className="media-grid">
        {shown.map((i) => (
          <li key={i.id}>
            <img src={i.thumb} alt={i.altFr || i.altAr || ''} width={i.width} height={i.height} style={i.focus ? { objectPosition: `${i.focus.x * 100}% ${i.focus.y * 100}%` } : undefined} />
            <span className="hint" dir="auto">
              {i.altFr || i.altAr || m.desk_no_alt()}
            </span>
            {!i.ready && <span className="error">{m.desk_alt_missing()}</span>}
            {justSaved === i.id && <span role="status">{m.desk_saved()}</span>}
            <div className="actions">
              {onPick && (
                <Button kind="primary" disabled={!i.ready} onClick={() => onPick(i)} aria-label={m.desk_use_picture_named({ name: i.altFr || i.altAr || String(i.id) })}>
                  {m.desk_use_picture()}
                </Button>
              )}
              <Button onClick={() => setEditing(editing?.id === i.id ? null : i)} aria-expanded={isOpen(i)} aria-label={m.desk_edit_picture_named({ name: i.altFr || i.altAr || String(i.id) })}>
                {m.desk_edit_picture()}
              </Button>
            </div>
            {isOpen(i) && <MediaEditor item={editing?.id === i.id ? editing : i} onSaved={saved} />}
          </li>
        ))}
      </ul>
      {next && <Button onClick={() => void load(q, next)}>{m.desk_more()}</Button>}
    </div>
  );
}

/** The media library in a dialog, to choose a ready picture (or upload one first). */
export function PicturePicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (item: MediaItem) => void }) {
  const [fresh, setFresh] = useState<MediaItem[]>([]);
  return (
    <Dialog open={open} onClose={onClose} title={m.desk_choose_picture()} wide>
      <Uploader onUploaded={(item) => setFresh((f) => [item, ...f])} />
      <MediaBrowser fresh={fresh} onPick={onPick} />
    </Dialog>
  );
}
