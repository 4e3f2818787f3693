/**
 * Two versions of a story side by side in one view: each field that differs,
 * words added and removed marked (<ins>, <del>: read as such by screen
 * readers), the body compared as text, paragraph by paragraph. Used to
 * compare revisions and to show a conflict.
 */
import { diffWords } from 'diff';
import * as m from '../../paraglide/messages.js';
import type { StoryDoc } from '../../lib/desk-story.ts';
import type { Section } from './types.ts';

/** A body as text with its paragraphs on their own lines. */
export function bodyAsText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const lines: string[] = [];
  for (const el of Array.from(doc.body.querySelectorAll('p, h2, h3, h4, li, blockquote, figcaption, tr'))) {
    if (el.querySelector('p, li, tr')) continue;
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text) lines.push(text);
  }
  return lines.join('\n');
}

/** Words as each language cuts them (Arabic included), not only Latin letters. */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

function Words({ before, after }: { before: string; after: string }) {
  return (
    <span className="diff-text" dir="auto">
      {diffWords(before, after, { intlSegmenter: segmenter }).map((part, i) =>
        part.added ? <ins key={i}>{part.value}</ins> : part.removed ? <del key={i}>{part.value}</del> : <span key={i}>{part.value}</span>,
      )}
    </span>
  );
}

function fields(doc: StoryDoc, sections: Section[]): [string, string][] {
  return [
    [m.desk_headline(), doc.title],
    [m.desk_summary(), doc.summary],
    [m.desk_body(), bodyAsText(doc.body)],
    [m.desk_section(), sections.find((s) => s.id === doc.sectionId)?.name ?? (doc.sectionId === null ? '' : `#${doc.sectionId}`)],
    [m.desk_tags(), doc.tags.map((t) => t.name).join(', ')],
    [m.desk_byline(), doc.byline],
    [m.desk_slug(), doc.slug],
    [m.desk_cover(), doc.cover ? `#${doc.cover.imageId}` : ''],
    [m.desk_gallery(), doc.gallery.map((g) => `#${g.imageId}${g.caption ? ` (${g.caption})` : ''}`).join(', ')],
    [m.desk_video(), doc.videoId === null ? '' : `#${doc.videoId}`],
  ];
}

export function StoryDiff({ before, after, sections }: { before: StoryDoc; after: StoryDoc; sections: Section[] }) {
  const a = fields(before, sections);
  const b = fields(after, sections);
  const changed = a.map(([label, value], i) => ({ label, before: value, after: b[i]![1] })).filter((f) => f.before !== f.after);
  if (changed.length === 0) return <p>{m.desk_no_difference()}</p>;
  return (
    <div className="diff">
      {changed.map((f) => (
        <div className="field-diff" key={f.label}>
          <h3>{f.label}</h3>
          <div style={{ whiteSpace: 'pre-wrap' }}>
            <Words before={f.before} after={f.after} />
          </div>
        </div>
      ))}
    </div>
  );
}
