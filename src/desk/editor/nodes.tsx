/**
 * The body editor's own blocks (Lexical decorator nodes), each written to
 * and read from the HTML a story body may hold (src/lib/desk-story.ts):
 *
 *  - a picture of the media library with its caption and credit:
 *    <figure><img src alt width height><figcaption>caption <small>credit</small></figcaption></figure>
 *  - a replay (a video of the site): its poster linking to its page, its title as caption:
 *    <figure><a href="/ar/replay/single/12"><img src alt></a><figcaption>title</figcaption></figure>
 *
 * The caption is edited in place; the rest comes from the library.
 */
import type { JSX } from 'react';
import {
  $getNodeByKey,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalEditor,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import * as m from '../../paraglide/messages.js';

export interface PictureData {
  src: string;
  alt: string;
  width: number;
  height: number;
  caption: string;
  credit: string;
}

type SerializedPicture = Spread<PictureData, SerializedLexicalNode>;
/** What Lexical hands importJSON: a serialized node, its own fields unchecked. */
type Serialized = Parameters<typeof DecoratorNode.importJSON>[0];
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function CaptionInput({ nodeKey, value, label }: { nodeKey: NodeKey; value: string; label: string }) {
  const [editor] = useLexicalComposerContext();
  return (
    <input
      aria-label={label}
      value={value}
      dir="auto"
      readOnly={!editor.isEditable()}
      onChange={(e) => {
        const text = e.target.value;
        editor.update(() => {
          const node = $getNodeByKey(nodeKey);
          if (node instanceof PictureNode || node instanceof ReplayNode) node.setCaption(text);
        });
      }}
    />
  );
}

/** A block of ours (not inline), drawn by React from its data. */
abstract class BlockNode<T> extends DecoratorNode<JSX.Element> {
  __data: T;

  constructor(data: T, key?: NodeKey) {
    super(key);
    this.__data = data;
  }

  override createDOM(): HTMLElement {
    return document.createElement('div');
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): false {
    return false;
  }
}

export class PictureNode extends BlockNode<PictureData> {

  static override getType(): string {
    return 'desk-picture';
  }

  static override clone(node: PictureNode): PictureNode {
    return new PictureNode(node.__data, node.__key);
  }

  static override importJSON(json: Serialized): PictureNode {
    return new PictureNode({ src: str(json.src), alt: str(json.alt), width: num(json.width), height: num(json.height), caption: str(json.caption), credit: str(json.credit) });
  }

  override exportJSON(): SerializedPicture {
    return { ...super.exportJSON(), ...this.__data, type: 'desk-picture', version: 1 };
  }

  static override importDOM(): DOMConversionMap {
    return {
      figure: (el: HTMLElement) => {
        const img = el.querySelector(':scope > img');
        if (!img) return null;
        return {
          priority: 1,
          conversion: () => {
            const small = el.querySelector('figcaption small');
            const credit = small?.textContent?.trim() ?? '';
            const caption = (el.querySelector('figcaption')?.textContent ?? '').replace(credit, '').trim();
            return {
              node: new PictureNode({
                src: img.getAttribute('src') ?? '',
                alt: img.getAttribute('alt') ?? '',
                width: Number(img.getAttribute('width')) || 0,
                height: Number(img.getAttribute('height')) || 0,
                caption,
                credit,
              }),
            };
          },
        };
      },
    };
  }

  override exportDOM(): DOMExportOutput {
    const d = this.__data;
    const figure = document.createElement('figure');
    const img = document.createElement('img');
    img.setAttribute('src', d.src);
    img.setAttribute('alt', d.alt);
    if (d.width) img.setAttribute('width', String(d.width));
    if (d.height) img.setAttribute('height', String(d.height));
    figure.append(img);
    if (d.caption || d.credit) {
      const cap = document.createElement('figcaption');
      cap.append(d.caption);
      if (d.credit) {
        const small = document.createElement('small');
        small.textContent = d.credit;
        cap.append(d.caption ? ' ' : '', small);
      }
      figure.append(cap);
    }
    return { element: figure };
  }

  setCaption(caption: string): void {
    this.getWritable().__data = { ...this.__data, caption };
  }

  override decorate(_editor: LexicalEditor): JSX.Element {
    const d = this.__data;
    return (
      <figure>
        <img src={d.src} alt={d.alt} width={d.width || undefined} height={d.height || undefined} />
        <figcaption>
          <CaptionInput nodeKey={this.__key} value={d.caption} label={m.desk_caption()} />
          {d.credit && <small>{d.credit}</small>}
        </figcaption>
      </figure>
    );
  }
}

export interface ReplayData {
  href: string;
  poster: string;
  title: string;
}

type SerializedReplay = Spread<ReplayData, SerializedLexicalNode>;

export class ReplayNode extends BlockNode<ReplayData> {

  static override getType(): string {
    return 'desk-replay';
  }

  static override clone(node: ReplayNode): ReplayNode {
    return new ReplayNode(node.__data, node.__key);
  }

  static override importJSON(json: Serialized): ReplayNode {
    return new ReplayNode({ href: str(json.href), poster: str(json.poster), title: str(json.title) });
  }

  override exportJSON(): SerializedReplay {
    return { ...super.exportJSON(), ...this.__data, type: 'desk-replay', version: 1 };
  }

  static override importDOM(): DOMConversionMap {
    return {
      figure: (el: HTMLElement) => {
        const a = el.querySelector(':scope > a[href]');
        if (!a?.querySelector('img')) return null;
        return {
          priority: 2,
          conversion: () => ({
            node: new ReplayNode({
              href: a.getAttribute('href') ?? '',
              poster: a.querySelector('img')?.getAttribute('src') ?? '',
              title: el.querySelector('figcaption')?.textContent?.trim() ?? a.querySelector('img')?.getAttribute('alt') ?? '',
            }),
          }),
        };
      },
    };
  }

  override exportDOM(): DOMExportOutput {
    const d = this.__data;
    const figure = document.createElement('figure');
    const a = document.createElement('a');
    a.setAttribute('href', d.href);
    const img = document.createElement('img');
    img.setAttribute('src', d.poster);
    img.setAttribute('alt', d.title);
    a.append(img);
    const cap = document.createElement('figcaption');
    cap.textContent = d.title;
    figure.append(a, cap);
    return { element: figure };
  }

  setCaption(title: string): void {
    this.getWritable().__data = { ...this.__data, title };
  }

  override decorate(): JSX.Element {
    const d = this.__data;
    return (
      <figure className="replay">
        <img src={d.poster} alt="" />
        <figcaption>
          <span aria-hidden="true">▶ </span>
          <CaptionInput nodeKey={this.__key} value={d.title} label={m.desk_replay_title()} />
          <small dir="ltr">{d.href}</small>
        </figcaption>
      </figure>
    );
  }
}

export function $createPictureNode(data: PictureData): PictureNode {
  return new PictureNode(data);
}

export function $createReplayNode(data: ReplayData): ReplayNode {
  return new ReplayNode(data);
}

