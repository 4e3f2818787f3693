/**
 * The desk's editor (ADR 034) with what its toolbar opens: the media
 * library's dialog for a picture (uploading included) and the replay
 * picker. A story's screen, a dossier's and a static page's use it; each
 * keeps its own text and saving.
 */
import { useEffect, useRef, useState } from 'react';
import * as m from '../../paraglide/messages.js';
import { api, query } from '../api.ts';
import { MediaBrowser, Uploader, type MediaItem } from '../media.tsx';
import { Button, Dialog, TextField } from '../ui.tsx';
import type { Replay } from '../story/types.ts';
import { BodyEditor } from './BodyEditor.tsx';
import type { Removed } from './clean-html.ts';
import type { PictureData, ReplayData } from './nodes.tsx';
import type { Locale } from '../../i18n/locales.ts';

/** What a paste dropped, in the desk's words. */
export function removedText(removed: Set<Removed>): string {
  const parts: string[] = [];
  if (removed.has('scripts')) parts.push(m.desk_removed_scripts());
  if (removed.has('styles')) parts.push(m.desk_removed_styles());
  if (removed.has('pictures')) parts.push(m.desk_removed_pictures());
  if (removed.has('frames')) parts.push(m.desk_removed_frames());
  return m.desk_paste_cleaned({ what: parts.join(m.desk_list_separator()) });
}

/** The replay picker: replays whose title holds the words typed. */
export function ReplayPicker({ open, lang, onClose, onPick }: { open: boolean; lang: Locale; onClose: () => void; onPick: (r: Replay) => void }) {
  const [q, setQ] = useState('');
  const [list, setList] = useState<Replay[]>([]);
  useEffect(() => {
    if (q.trim().length < 2) return setList([]);
    const t = setTimeout(() => {
      api<Replay[]>('GET', `/api/desk/videos${query({ q: q.trim(), lang })}`)
        .then(setList)
        .catch(() => setList([]));
    }, 250);
    return () => clearTimeout(t);
  }, [q, lang]);
  return (
    <Dialog open={open} onClose={onClose} title={m.desk_insert_replay()}>
      <TextField label={m.desk_find_replay()} type="search" lang={lang} value={q} onChange={(e) => setQ(e.target.value)} />
      <ul className="plain">
        {list.map((r) => (
          <li key={r.videoId}>
            <Button kind="quiet" onClick={() => onPick(r)}>
              {r.title}
            </Button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** A rich text field of the desk: the editor, its picture and replay dialogs. */
export function RichText({ html, lang, labelledBy, onChange, onSave, onPasteCleaned }: { html: string; lang: Locale; labelledBy: string; onChange: (html: string) => void; onSave: () => void; onPasteCleaned: (removed: Set<Removed>) => void }) {
  const [picker, setPicker] = useState<'picture' | 'replay' | null>(null);
  const [fresh, setFresh] = useState<MediaItem[]>([]);
  const insert = useRef<{ picture: (p: PictureData) => void; replay: (r: ReplayData) => void } | null>(null);
  const picked = (item: MediaItem) => {
    setPicker(null);
    insert.current?.picture({ src: item.url, alt: lang === 'ar' ? item.altAr : item.altFr, width: item.width, height: item.height, caption: '', credit: item.credit });
  };
  return (
    <>
      <BodyEditor
        html={html}
        lang={lang}
        editable
        labelledBy={labelledBy}
        onChange={onChange}
        onPasteCleaned={onPasteCleaned}
        onPicture={() => setPicker('picture')}
        onReplay={() => setPicker('replay')}
        onSave={onSave}
        registerInsert={(ins) => (insert.current = ins)}
      />
      <Dialog open={picker === 'picture'} onClose={() => setPicker(null)} title={m.desk_choose_picture()} wide>
        <Uploader onUploaded={(item) => setFresh((f) => [item, ...f])} />
        <MediaBrowser fresh={fresh} onPick={picked} />
      </Dialog>
      <ReplayPicker open={picker === 'replay'} lang={lang} onClose={() => setPicker(null)} onPick={(r) => (setPicker(null), insert.current?.replay({ href: r.path, poster: r.poster ?? '', title: r.title }))} />
    </>
  );
}
