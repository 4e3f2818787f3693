/**
 * The story editor (docs/desk.md "Writing", "Workflow"): headline, summary
 * and body, the side panels (workflow, details, pictures, search preview,
 * translation, preview, history).
 *
 * Nothing typed is lost:
 *  - every change goes at once into the browser's storage (with the rev it
 *    started from), and to the server 2.5 s after typing stops (autosave;
 *    Ctrl+S at once). A tab closed, a network gone, a session ended: the
 *    text is still there when the story is opened again, and is saved then;
 *  - a save names the rev it started from: when someone else saved since,
 *    the server refuses it (409) and both versions are shown side by side,
 *    the person choosing which to keep — never a silent overwrite;
 *  - who else has the story open is shown (every 10 s).
 */
import { LOCALE_CONFIG } from '../../i18n/locales.ts';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import * as m from '../../paraglide/messages.js';
import { deskWallClock, fromCasablancaLocal } from '../../lib/desk-dates.ts';
import { bodyText, STORY_LIMITS, type StoryDoc } from '../../lib/desk-story.ts';
import { api, DeskApiError, query } from '../api.ts';
import { BodyEditor, SHORTCUTS } from '../editor/BodyEditor.tsx';
import { removedText, ReplayPicker } from '../editor/RichText.tsx';
import type { PictureData, ReplayData } from '../editor/nodes.tsx';
import { count, useLocale, when } from '../i18n.ts';
import { MediaBrowser, Uploader, type MediaItem } from '../media.tsx';
import { Link, navigate } from '../router.tsx';
import { useSession } from '../session.tsx';
import { Button, Dialog, langLabel, Notice, ScreenTitle, StateBadge, TextArea, TextField } from '../ui.tsx';
import { bodyAsText, StoryDiff } from '../story/Diff.tsx';
import { DetailsPanel, OtherVersion, PicturesPanel, SeoPanel, TranslationPanel } from '../story/panels.tsx';
import type { Section, StoryDetail } from '../story/types.ts';

type SaveState = 'saved' | 'unsaved' | 'saving' | 'refused' | 'offline' | 'signed-out' | 'conflict';
type Message = { kind: 'error' | 'success' | 'info' | 'warning'; text: string; link?: string } | null;

const AUTOSAVE_MS = 2500;
const PRESENCE_MS = 10_000;

const storageKey = (id: number) => `desk:story:${id}`;

interface Kept {
  rev: number;
  doc: StoryDoc;
  at: number;
}

function readKept(id: number): Kept | null {
  try {
    const raw = localStorage.getItem(storageKey(id));
    return raw ? (JSON.parse(raw) as Kept) : null;
  } catch {
    return null;
  }
}

const same = (a: StoryDoc, b: StoryDoc) => JSON.stringify(a) === JSON.stringify(b);

function publishLabel(story: StoryDetail): string {
  if (story.state === 'published') return m.desk_publish_update();
  if (story.state === 'withdrawn') return m.desk_publish_again();
  return m.desk_publish_now();
}

export default function StoryScreen({ params }: { params: Record<string, string> }) {
  const id = Number(params.id);
  const locale = useLocale();
  const { expired } = useSession();
  const [story, setStory] = useState<StoryDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [doc, setDoc] = useState<StoryDoc | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<Message>(null);
  const [conflict, setConflict] = useState<{ mine: StoryDoc; theirs: StoryDetail } | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  const [others, setOthers] = useState<{ id: number; name: string }[]>([]);
  const [sections, setSections] = useState<Section[]>([]);
  const [busy, setBusy] = useState(false);
  const [picker, setPicker] = useState<'cover' | 'gallery' | 'body' | 'replay' | null>(null);
  const [fresh, setFresh] = useState<MediaItem[]>([]);
  const [preview, setPreview] = useState<375 | 1280 | null>(null);
  const [shareLink, setShareLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [history, setHistory] = useState(false);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const [scheduleAt, setScheduleAt] = useState('');
  const [sideBySide, setSideBySide] = useState(false);
  const [coverThumb, setCoverThumb] = useState<string | null>(null);

  const [recovered, setRecovered] = useState(false);
  const rev = useRef(0);
  const editableRef = useRef(false);
  const docRef = useRef<StoryDoc | null>(null);
  const savedJson = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saving = useRef<Promise<boolean> | null>(null);
  const insert = useRef<{ picture: (p: PictureData) => void; replay: (r: ReplayData) => void } | null>(null);

  const keep = useCallback(
    (d: StoryDoc) => {
      try {
        localStorage.setItem(storageKey(id), JSON.stringify({ rev: rev.current, doc: d, at: Date.now() } satisfies Kept));
      } catch {
        /* storage full or off: the server copy is the only one */
      }
    },
    [id],
  );
  const forget = useCallback(() => localStorage.removeItem(storageKey(id)), [id]);

  /** Puts a document in the editor from outside (load, restore, the other version chosen). */
  const replaceDoc = useCallback((d: StoryDoc, serverRev: number, serverDoc: StoryDoc) => {
    rev.current = serverRev;
    savedJson.current = JSON.stringify(serverDoc);
    docRef.current = d;
    setDoc(d);
    setEditorKey((k) => k + 1);
  }, []);

  const load = useCallback(async () => {
    try {
      const s = await api<StoryDetail>('GET', `/api/desk/stories/${id}`);
      setStory(s);
      const kept = readKept(id);
      if (kept && !same(kept.doc, s.doc)) {
        if (kept.rev === s.rev) {
          replaceDoc(kept.doc, s.rev, s.doc);
          setSaveState('unsaved');
          setMessage({ kind: 'info', text: m.desk_recovered() });
          setRecovered(true);
        } else {
          replaceDoc(s.doc, s.rev, s.doc);
          setConflict({ mine: kept.doc, theirs: s });
          setSaveState('conflict');
        }
      } else {
        if (kept) forget();
        replaceDoc(s.doc, s.rev, s.doc);
        setSaveState('saved');
      }
      return s;
    } catch (error) {
      setLoadError(error instanceof DeskApiError ? error.message : m.desk_err_500());
      return null;
    }
  }, [id, replaceDoc, forget]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!story) return;
    api<Section[]>('GET', `/api/desk/sections${query({ lang: story.lang })}`)
      .then(setSections)
      .catch(() => setSections([]));
  }, [story?.lang]);

  const save = useCallback(async (): Promise<boolean> => {
    if (saving.current) await saving.current;
    const d = docRef.current;
    if (!d || !story?.actions.includes('edit')) return true;
    const sent = JSON.stringify(d);
    if (sent === savedJson.current) {
      setSaveState('saved');
      forget();
      return true;
    }
    const length = bodyText(d.body).length;
    if (length > STORY_LIMITS.bodyText) {
      setSaveState('refused');
      setErrors({ body: [m.desk_err_body_long({ count: count(length), max: count(STORY_LIMITS.bodyText) })] });
      setMessage({ kind: 'error', text: m.desk_err_body_long({ count: count(length), max: count(STORY_LIMITS.bodyText) }) });
      return false;
    }
    setSaveState('saving');
    const run = (async () => {
      try {
        const r = await api<{ rev: number; slug: string; pending: boolean; actions: StoryDetail['actions'] }>('PUT', `/api/desk/stories/${id}`, { rev: rev.current, doc: d });
        rev.current = r.rev;
        savedJson.current = sent;
        setStory((s) => (s ? { ...s, rev: r.rev, slug: r.slug, pending: r.pending, actions: r.actions } : s));
        setErrors({});
        setMessage((msg) => (msg?.kind === 'error' ? null : msg));
        if (JSON.stringify(docRef.current) === sent) {
          forget();
          setSaveState('saved');
        } else setSaveState('unsaved');
        return true;
      } catch (error) {
        if (!(error instanceof DeskApiError)) throw error;
        if (error.status === 409) {
          setConflict({ mine: d, theirs: error.detail as StoryDetail });
          setSaveState('conflict');
        } else if (error.status === 401) {
          setSaveState('signed-out');
        } else if (error.status === 0) {
          setSaveState('offline');
          setMessage({ kind: 'warning', text: m.desk_offline_kept() });
        } else {
          setSaveState('refused');
          setErrors(error.errors);
          setMessage({ kind: 'error', text: error.message });
        }
        return false;
      } finally {
        saving.current = null;
      }
    })();
    saving.current = run;
    return run;
  }, [id, story, forget]);

  const change = useCallback(
    (patch: Partial<StoryDoc>) => {
      const next = { ...docRef.current!, ...patch };
      docRef.current = next;
      setDoc(next);
      keep(next);
      setSaveState((s) => (s === 'conflict' || s === 'signed-out' ? s : 'unsaved'));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), AUTOSAVE_MS);
    },
    [keep, save],
  );

  editableRef.current = story?.actions.includes('edit') ?? false;

  // What this browser kept (a closed tab, an ended session) is saved as soon as the story is read.
  useEffect(() => {
    if (!recovered || !story) return;
    setRecovered(false);
    void save();
  }, [recovered, story, save]);

  // Signed in again after the session ended: what waited is saved.
  useEffect(() => {
    if (!expired && saveState === 'signed-out') void save();
  }, [expired, saveState, save]);
  // Offline: try again every 10 s.
  useEffect(() => {
    if (saveState !== 'offline') return;
    const t = setTimeout(() => void save(), 10_000);
    return () => clearTimeout(t);
  }, [saveState, save]);
  // Leaving the screen saves what is pending (the browser's copy stays until the server has it).
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      const d = docRef.current;
      if (!d || !editableRef.current || JSON.stringify(d) === savedJson.current || saving.current) return;
      void api('PUT', `/api/desk/stories/${id}`, { rev: rev.current, doc: d })
        .then(() => forget())
        .catch(() => {});
    },
    [id, forget],
  );
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (saveState !== 'saved') e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saveState]);

  // Presence: who else has it open.
  useEffect(() => {
    let stop = false;
    const beat = () =>
      api<{ id: number; name: string }[]>('POST', `/api/desk/stories/${id}/presence`)
        .then((list) => !stop && setOthers(list))
        .catch(() => {});
    void beat();
    const t = setInterval(beat, PRESENCE_MS);
    return () => {
      stop = true;
      clearInterval(t);
      void api('DELETE', `/api/desk/stories/${id}/presence`).catch(() => {});
    };
  }, [id]);

  useEffect(() => {
    if (!doc?.cover) return setCoverThumb(null);
    api<{ items: MediaItem[] }>('GET', `/api/desk/media${query({ ids: doc.cover.imageId })}`)
      .then((p) => setCoverThumb(p.items[0]?.thumb ?? null))
      .catch(() => {});
  }, [doc?.cover?.imageId]);

  /** A workflow step: saves first, then acts on the rev saved, then reads the story again. */
  const act = async (verb: string, body: Record<string, unknown> = {}, done?: (r: Record<string, unknown>) => Message) => {
    setBusy(true);
    setMessage(null);
    try {
      if (timer.current) clearTimeout(timer.current);
      if (!(await save())) return;
      const r = await api<Record<string, unknown>>('POST', `/api/desk/stories/${id}/${verb}`, { rev: rev.current, ...body });
      const s = await load();
      if (s) setMessage(done?.(r) ?? { kind: 'success', text: m.desk_done() });
    } catch (error) {
      if (!(error instanceof DeskApiError)) throw error;
      if (error.status === 409 && error.detail) {
        setConflict({ mine: docRef.current!, theirs: error.detail as StoryDetail });
        setSaveState('conflict');
      } else {
        setErrors(error.errors);
        setMessage({ kind: 'error', text: error.message });
      }
    } finally {
      setBusy(false);
    }
  };

  const publish = () =>
    act('publish', {}, (r) => ({ kind: 'success', text: m.desk_published(), link: String(r.path) }));
  const schedule = () => {
    const at = fromCasablancaLocal(scheduleAt);
    if (!at || at.getTime() <= Date.now()) return setMessage({ kind: 'error', text: m.desk_schedule_future() });
    // The wall-clock time as typed: the server makes it an instant with its own time-zone data.
    void act('publish', { at: scheduleAt }, () => ({ kind: 'success', text: m.desk_scheduled({ at: deskWallClock(scheduleAt, locale) }) }));
  };

  const startTranslation = async () => {
    setBusy(true);
    try {
      if (!(await save())) return;
      const r = await api<{ id: number }>('POST', `/api/desk/stories/${id}/translation`);
      navigate(`/desk/stories/${r.id}`);
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof DeskApiError ? error.message : m.desk_err_500() });
    } finally {
      setBusy(false);
    }
  };

  const openPreview = async (width: 375 | 1280) => {
    if (await save()) setPreview(width);
  };

  const share = async () => {
    try {
      if (!(await save())) return;
      setShareLink(await api<{ url: string; expiresAt: string }>('POST', `/api/desk/stories/${id}/preview-link`));
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof DeskApiError ? error.message : m.desk_err_500() });
    }
  };

  const picked = (item: MediaItem) => {
    const target = picker;
    setPicker(null);
    if (!doc) return;
    if (target === 'cover') change({ cover: { imageId: item.id, caption: '' } });
    else if (target === 'gallery') change({ gallery: [...doc.gallery, { imageId: item.id, caption: '' }] });
    else if (target === 'body') {
      insert.current?.picture({ src: item.url, alt: story?.lang === 'ar' ? item.altAr : item.altFr, width: item.width, height: item.height, caption: '', credit: item.credit });
    }
  };

  const keyDown = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.code === 'KeyS') {
      e.preventDefault();
      void save();
    }
  };

  if (loadError) {
    return (
      <main id="main" className="screen">
        <ScreenTitle>{m.desk_story()}</ScreenTitle>
        <Notice kind="error">{loadError}</Notice>
        <Link href="/desk">{m.desk_back_to_list()}</Link>
      </main>
    );
  }
  if (!story || !doc) return <p className="loading">{m.desk_loading()}</p>;

  const editable = story.actions.includes('edit');
  const lang = story.lang;
  const dir = LOCALE_CONFIG[lang].dir;
  const length = bodyText(doc.body).length;
  const saveText: Record<SaveState, string> = {
    saved: m.desk_save_saved(),
    unsaved: m.desk_save_unsaved(),
    saving: m.desk_save_saving(),
    refused: m.desk_save_refused(),
    offline: m.desk_save_offline(),
    'signed-out': m.desk_save_signed_out(),
    conflict: m.desk_save_conflict(),
  };

  return (
    <main id="main" className="screen" onKeyDown={keyDown}>
      <div className="editor-status">
        <ScreenTitle>
          {story.doc.title || doc.title ? m.desk_story_title({ lang: langLabel(lang) }) : m.desk_new_story_title({ lang: langLabel(lang) })}
        </ScreenTitle>
        <StateBadge state={story.state} />
        <span role="status" className="hint" data-save-state={saveState}>
          {saveText[saveState]}
        </span>
        {others.length > 0 && (
          <span className="presence" role="status">
            {m.desk_also_editing({ names: others.map((o) => o.name).join(m.desk_list_separator()) })}
          </span>
        )}
        <Link href="/desk" className="inline-start-auto">
          {m.desk_back_to_list()}
        </Link>
      </div>
      {message && (
        <Notice kind={message.kind}>
          {message.text}{' '}
          {message.link && (
            <a href={message.link} target="_blank" rel="noopener">
              {m.desk_open_public()}
            </a>
          )}
        </Notice>
      )}
      {!editable && <Notice kind="info">{story.state === 'review' && story.owner ? m.desk_read_only_review() : m.desk_read_only()}</Notice>}
      <div className={sideBySide && story.translation ? 'editor-layout side-by-side' : 'editor-layout'}>
        {sideBySide && story.translation && <OtherVersion id={story.translation.id} />}
        <div className="editor-main" lang={lang} dir={dir}>
          <div className="headline-field">
            <TextField label={m.desk_headline()} value={doc.title} readOnly={!editable} maxLength={STORY_LIMITS.title} onChange={(e) => change({ title: e.target.value })} errors={errors.title} hint={m.desk_chars({ n: count([...doc.title].length), max: count(STORY_LIMITS.title) })} />
          </div>
          <TextArea label={m.desk_summary()} value={doc.summary} readOnly={!editable} maxLength={STORY_LIMITS.summary} rows={3} onChange={(e) => change({ summary: e.target.value })} errors={errors.summary} hint={m.desk_chars({ n: count([...doc.summary].length), max: count(STORY_LIMITS.summary) })} />
          <div className="field">
            <span id="body-label" className="label">
              {m.desk_body()}
            </span>
            <BodyEditor
              key={editorKey}
              html={doc.body}
              lang={lang}
              editable={editable}
              labelledBy="body-label"
              describedBy="body-counter"
              onChange={(html) => change({ body: html })}
              onPasteCleaned={(removed) => removed.size && setMessage({ kind: 'warning', text: removedText(removed) })}
              onPicture={() => setPicker('body')}
              onReplay={() => setPicker('replay')}
              onSave={() => void save()}
              registerInsert={(ins) => (insert.current = ins)}
            />
            <div className="body-counter">
              <p id="body-counter" className={length > STORY_LIMITS.bodyText ? 'counter over' : 'counter'}>
                {m.desk_chars({ n: count(length), max: count(STORY_LIMITS.bodyText) })}
              </p>
              <details>
                <summary>{m.desk_shortcuts()}</summary>
                <dl className="shortcuts">
                  {SHORTCUTS.map((s) => (
                    <div key={s.keys}>
                      <dt dir="ltr">{s.keys}</dt>
                      <dd>{s.what()}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            </div>
            {errors.body && <p className="error">{errors.body.join(' ')}</p>}
          </div>
        </div>
        <div className="editor-side">
          <section aria-labelledby="panel-workflow">
            <h2 id="panel-workflow">{m.desk_workflow()}</h2>
            <p>
              <StateBadge state={story.state} /> {m.desk_rev({ rev: String(story.rev) })}
              {story.pending && <span className="hint"> · {m.desk_pending()}</span>}
            </p>
            {story.state === 'scheduled' && story.live && <p>{m.desk_scheduled({ at: when(story.live.publishedAt, locale) })}</p>}
            {story.live && story.state !== 'withdrawn' && (
              <p>
                <a href={story.live.path} target="_blank" rel="noopener">
                  {m.desk_open_public()}
                </a>
              </p>
            )}
            <div className="actions">
              {story.actions.includes('submit') && (
                <Button kind="primary" disabled={busy} onClick={() => void act('submit', {}, () => ({ kind: 'success', text: m.desk_submitted() }))}>
                  {m.desk_submit()}
                </Button>
              )}
              {story.actions.includes('unsubmit') && (
                <Button disabled={busy} onClick={() => void act('unsubmit')}>
                  {m.desk_unsubmit()}
                </Button>
              )}
              {story.actions.includes('publish') && (
                <Button kind="primary" disabled={busy} onClick={() => void publish()}>
                  {publishLabel(story)}
                </Button>
              )}
              {story.actions.includes('unschedule') && (
                <Button disabled={busy} onClick={() => void act('unschedule')}>
                  {m.desk_unschedule()}
                </Button>
              )}
              {story.actions.includes('withdraw') && (
                <Button kind="danger" disabled={busy} onClick={() => setConfirmWithdraw(true)}>
                  {m.desk_withdraw()}
                </Button>
              )}
            </div>
            {story.actions.includes('schedule') && (
              <div className="actions">
                <TextField label={m.desk_schedule_at()} type="datetime-local" dir="ltr" value={scheduleAt} onChange={(e) => setScheduleAt(e.target.value)} hint={m.desk_schedule_hint()} />
                <Button disabled={busy || !scheduleAt} onClick={schedule}>
                  {m.desk_schedule()}
                </Button>
              </div>
            )}
          </section>
          <section aria-labelledby="panel-preview">
            <h2 id="panel-preview">{m.desk_preview()}</h2>
            <div className="actions">
              <Button onClick={() => void openPreview(375)}>{m.desk_preview_phone()}</Button>
              <Button onClick={() => void openPreview(1280)}>{m.desk_preview_desktop()}</Button>
              <Button onClick={() => void share()}>{m.desk_share_preview()}</Button>
            </div>
            {shareLink && (
              <TextField label={m.desk_share_link()} readOnly dir="ltr" value={shareLink.url} onFocus={(e) => e.target.select()} hint={m.desk_share_expires({ at: when(shareLink.expiresAt, locale) })} />
            )}
            <Button kind="quiet" onClick={() => setHistory(true)}>
              {m.desk_history()}
            </Button>
          </section>
          <TranslationPanel story={story} busy={busy} onStart={() => void startTranslation()} sideBySide={sideBySide} setSideBySide={setSideBySide} />
          <DetailsPanel story={story} doc={doc} sections={sections} editable={editable} errors={errors} change={change} />
          <PicturesPanel story={story} doc={doc} editable={editable} errors={errors} change={change} pick={(to) => setPicker(to)} />
          <SeoPanel story={story} doc={doc} cover={coverThumb} />
        </div>
      </div>

      <Dialog open={picker !== null && picker !== 'replay'} onClose={() => setPicker(null)} title={m.desk_choose_picture()} wide>
        <Uploader onUploaded={(item) => setFresh((f) => [item, ...f])} />
        <MediaBrowser fresh={fresh} onPick={picked} />
      </Dialog>
      <ReplayPicker open={picker === 'replay'} lang={lang} onClose={() => setPicker(null)} onPick={(r) => (setPicker(null), insert.current?.replay({ href: r.path, poster: r.poster ?? '', title: r.title }))} />

      <Dialog open={preview !== null} onClose={() => setPreview(null)} title={preview === 375 ? m.desk_preview_phone() : m.desk_preview_desktop()} wide>
        {preview && <iframe className="preview-frame" title={m.desk_preview_frame()} src={`/desk/preview/${id}?rev=${story.rev}`} width={preview} />}
      </Dialog>

      <Dialog open={confirmWithdraw} onClose={() => setConfirmWithdraw(false)} title={m.desk_withdraw_title()}>
        <p>{m.desk_withdraw_text()}</p>
        <div className="actions">
          <Button kind="danger" onClick={() => (setConfirmWithdraw(false), void act('withdraw', {}, () => ({ kind: 'success', text: m.desk_withdrawn() })))}>
            {m.desk_withdraw()}
          </Button>
          <Button onClick={() => setConfirmWithdraw(false)}>{m.desk_cancel()}</Button>
        </div>
      </Dialog>

      <ConflictDialog
        conflict={conflict}
        sections={sections}
        onKeepMine={() => {
          if (!conflict) return;
          replaceDoc(conflict.mine, conflict.theirs.rev, conflict.theirs.doc);
          setStory(conflict.theirs);
          setConflict(null);
          keep(conflict.mine);
          setSaveState('unsaved');
          setTimeout(() => void save(), 0);
        }}
        onTakeTheirs={() => {
          if (!conflict) return;
          replaceDoc(conflict.theirs.doc, conflict.theirs.rev, conflict.theirs.doc);
          setStory(conflict.theirs);
          setConflict(null);
          forget();
          setSaveState('saved');
        }}
      />

      {history && (
        <HistoryDialog
          id={id}
          sections={sections}
          canRestore={editable}
          onClose={() => setHistory(false)}
          onRestore={async (number) => {
            setHistory(false);
            await act('restore', { number }, () => ({ kind: 'success', text: m.desk_restored({ n: String(number) }) }));
          }}
        />
      )}
    </main>
  );
}

function ConflictDialog({ conflict, sections, onKeepMine, onTakeTheirs }: { conflict: { mine: StoryDoc; theirs: StoryDetail } | null; sections: Section[]; onKeepMine: () => void; onTakeTheirs: () => void }) {
  const locale = useLocale();
  return (
    <Dialog open={conflict !== null} onClose={() => {}} dismissible={false} title={m.desk_conflict_title()} wide>
      {conflict && (
        <div className="stack">
          <Notice kind="warning">{m.desk_err_stale()}</Notice>
          <div className="conflict">
            <div className="version" lang={conflict.theirs.lang}>
              <h3>{m.desk_conflict_theirs({ who: conflict.theirs.updatedBy ?? '—', at: when(conflict.theirs.updatedAt, locale) })}</h3>
              <p>
                <strong>{conflict.theirs.doc.title}</strong>
              </p>
              <p>{conflict.theirs.doc.summary}</p>
              <p style={{ whiteSpace: 'pre-wrap' }}>{bodyAsText(conflict.theirs.doc.body)}</p>
            </div>
            <div className="version" lang={conflict.theirs.lang}>
              <h3>{m.desk_conflict_mine()}</h3>
              <p>
                <strong>{conflict.mine.title}</strong>
              </p>
              <p>{conflict.mine.summary}</p>
              <p style={{ whiteSpace: 'pre-wrap' }}>{bodyAsText(conflict.mine.body)}</p>
            </div>
          </div>
          <h3>{m.desk_conflict_changes()}</h3>
          <StoryDiff before={conflict.theirs.doc} after={conflict.mine} sections={sections} />
          <div className="actions">
            <Button kind="primary" onClick={onKeepMine}>
              {m.desk_keep_mine()}
            </Button>
            <Button onClick={onTakeTheirs}>{m.desk_take_theirs()}</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

interface RevisionInfo {
  number: number;
  kind: string;
  rev: number;
  by: string | null;
  at: string;
}

function kindLabel(kind: string): string {
  const labels: Record<string, () => string> = {
    create: m.desk_rev_create,
    import: m.desk_rev_import,
    save: m.desk_rev_save,
    submit: m.desk_rev_submit,
    unsubmit: m.desk_rev_unsubmit,
    publish: m.desk_rev_publish,
    schedule: m.desk_rev_schedule,
    unschedule: m.desk_rev_unschedule,
    withdraw: m.desk_rev_withdraw,
    restore: m.desk_rev_restore,
  };
  return labels[kind]?.() ?? kind;
}

function HistoryDialog({ id, sections, canRestore, onClose, onRestore }: { id: number; sections: Section[]; canRestore: boolean; onClose: () => void; onRestore: (n: number) => Promise<void> }) {
  const locale = useLocale();
  const [list, setList] = useState<RevisionInfo[]>([]);
  const [a, setA] = useState<number | null>(null);
  const [b, setB] = useState<number | null>(null);
  const [docs, setDocs] = useState<[StoryDoc, StoryDoc] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<RevisionInfo[]>('GET', `/api/desk/stories/${id}/revisions`)
      .then((l) => {
        setList(l);
        if (l.length >= 2) {
          setA(l[1]!.number);
          setB(l[0]!.number);
        }
      })
      .catch((e: unknown) => setError((e as Error).message));
  }, [id]);
  const compare = async () => {
    if (a === null || b === null) return;
    const [x, y] = await Promise.all([a, b].map((n) => api<StoryDoc>('GET', `/api/desk/stories/${id}/revisions/${n}`)));
    setDocs([x!, y!]);
  };
  return (
    <Dialog open onClose={onClose} title={m.desk_history()} wide>
      {error && <Notice kind="error">{error}</Notice>}
      <table className="list">
        <caption className="visually-hidden">{m.desk_history()}</caption>
        <thead>
          <tr>
            <th scope="col">{m.desk_compare_a()}</th>
            <th scope="col">{m.desk_compare_b()}</th>
            <th scope="col">#</th>
            <th scope="col">{m.desk_what()}</th>
            <th scope="col">{m.desk_who()}</th>
            <th scope="col">{m.desk_when()}</th>
            <th scope="col">
              <span className="visually-hidden">{m.desk_restore()}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((r) => (
            <tr key={r.number}>
              <td>
                <input type="radio" name="rev-a" checked={a === r.number} onChange={() => setA(r.number)} aria-label={m.desk_compare_a_n({ n: String(r.number) })} />
              </td>
              <td>
                <input type="radio" name="rev-b" checked={b === r.number} onChange={() => setB(r.number)} aria-label={m.desk_compare_b_n({ n: String(r.number) })} />
              </td>
              <td>{r.number}</td>
              <td>{kindLabel(r.kind)}</td>
              <td>{r.by ?? '—'}</td>
              <td>{when(r.at, locale)}</td>
              <td>
                {canRestore && (
                  <Button onClick={() => void onRestore(r.number)} aria-label={m.desk_restore_n({ n: String(r.number) })}>
                    {m.desk_restore()}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <Button kind="primary" disabled={a === null || b === null || a === b} onClick={() => void compare()}>
          {m.desk_compare()}
        </Button>
      </div>
      {docs && (
        <section aria-label={m.desk_differences()}>
          <h3>{m.desk_differences_between({ a: String(a), b: String(b) })}</h3>
          <StoryDiff before={docs[0]} after={docs[1]} sections={sections} />
        </section>
      )}
    </Dialog>
  );
}
