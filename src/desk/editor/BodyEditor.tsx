/**
 * A story's body editor, on Lexical (ADR 034): paragraphs, headings
 * (h2–h4), lists, quotes, links, tables, pictures of the media library with
 * caption and credit, replays; Arabic and French mixed, each paragraph in
 * its own direction; undo and redo; keyboard shortcuts (`SHORTCUTS`).
 *
 * What is pasted (Word, Google Docs, a web page) is cleaned first
 * (clean-html.ts: exactly what the site's sanitiser keeps), and the person
 * is told what was dropped. What the editor holds leaves it as HTML through
 * the same cleaner (`onChange`), so the server's sanitiser keeps it as is.
 */
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isDecoratorNode,
  $isElementNode,
  $isRangeSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_HIGH,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  KEY_DOWN_COMMAND,
  PASTE_COMMAND,
  REDO_COMMAND,
  SELECTION_CHANGE_COMMAND,
  UNDO_COMMAND,
  type LexicalEditor,
  type LexicalNode,
  type TextFormatType,
} from 'lexical';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { TablePlugin } from '@lexical/react/LexicalTablePlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode, HeadingNode, QuoteNode } from '@lexical/rich-text';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListItemNode, ListNode, REMOVE_LIST_COMMAND } from '@lexical/list';
import { $isLinkNode, LinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { INSERT_TABLE_COMMAND, TableCellNode, TableNode, TableRowNode } from '@lexical/table';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $setBlocksType } from '@lexical/selection';
import { $findMatchingParent, $insertNodeToNearestRoot, mergeRegister } from '@lexical/utils';
import * as m from '../../paraglide/messages.js';
import { cleanHtml, type Removed } from './clean-html.ts';
import { $createPictureNode, $createReplayNode, PictureNode, ReplayNode, type PictureData, type ReplayData } from './nodes.tsx';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales.ts';

type Block = 'paragraph' | 'h2' | 'h3' | 'h4' | 'quote' | 'ul' | 'ol';

/** The editor's keyboard shortcuts (shown in its help, handled by `ShortcutsPlugin` and Lexical's own). */
export const SHORTCUTS: readonly { keys: string; what: () => string }[] = [
  { keys: 'Ctrl+B / Ctrl+I / Ctrl+U', what: () => m.desk_sc_format() },
  { keys: 'Ctrl+Z / Ctrl+Shift+Z', what: () => m.desk_sc_undo() },
  { keys: 'Ctrl+Alt+2 / 3 / 4', what: () => m.desk_sc_heading() },
  { keys: 'Ctrl+Alt+0', what: () => m.desk_sc_paragraph() },
  { keys: 'Ctrl+Shift+7 / 8', what: () => m.desk_sc_lists() },
  { keys: 'Ctrl+Shift+9', what: () => m.desk_sc_quote() },
  { keys: 'Ctrl+K', what: () => m.desk_sc_link() },
  { keys: 'Ctrl+S', what: () => m.desk_sc_save() },
];

function setBlock(editor: LexicalEditor, block: Block): void {
  if (block === 'ul') return void editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined);
  if (block === 'ol') return void editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined);
  editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    if (block === 'paragraph') $setBlocksType(selection, () => $createParagraphNode());
    else if (block === 'quote') $setBlocksType(selection, () => $createQuoteNode());
    else $setBlocksType(selection, () => $createHeadingNode(block));
  });
}

function blockOf(node: LexicalNode): Block {
  const list = $findMatchingParent(node, $isListNode);
  if (list && $isListNode(list)) return list.getListType() === 'number' ? 'ol' : 'ul';
  const top = node.getTopLevelElement();
  if ($isHeadingNode(top)) return top.getTag() as Block;
  if ($isQuoteNode(top)) return 'quote';
  return 'paragraph';
}

function Toolbar({ onPicture, onReplay, linkOpen, setLinkOpen }: { onPicture: () => void; onReplay: () => void; linkOpen: boolean; setLinkOpen: (open: boolean) => void }) {
  const [editor] = useLexicalComposerContext();
  const [formats, setFormats] = useState<Set<TextFormatType>>(new Set());
  const [block, setBlockState] = useState<Block>('paragraph');
  const [inLink, setInLink] = useState(false);
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const editable = editor.isEditable();

  useEffect(() => {
    const read = () => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      setFormats(new Set((['bold', 'italic', 'underline', 'strikethrough'] as const).filter((f) => selection.hasFormat(f))));
      const anchor = selection.anchor.getNode();
      setBlockState(blockOf(anchor));
      setInLink($findMatchingParent(anchor, $isLinkNode) !== null);
    };
    return mergeRegister(
      editor.registerUpdateListener(({ editorState }) => editorState.read(read)),
      editor.registerCommand(SELECTION_CHANGE_COMMAND, () => (read(), false), COMMAND_PRIORITY_LOW),
      editor.registerCommand(CAN_UNDO_COMMAND, (v) => (setCanUndo(v), false), COMMAND_PRIORITY_LOW),
      editor.registerCommand(CAN_REDO_COMMAND, (v) => (setCanRedo(v), false), COMMAND_PRIORITY_LOW),
    );
  }, [editor]);

  const format = (f: TextFormatType, label: string, mark: string) => (
    <button type="button" aria-pressed={formats.has(f)} aria-label={label} title={label} disabled={!editable} onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, f)}>
      {mark}
    </button>
  );
  const blockButton = (b: Block, label: string, mark: string) => (
    <button type="button" aria-pressed={block === b} aria-label={label} title={label} disabled={!editable} onClick={() => (block === b && (b === 'ul' || b === 'ol') ? editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined) : setBlock(editor, block === b ? 'paragraph' : b))}>
      {mark}
    </button>
  );
  return (
    <div className="toolbar" role="group" aria-label={m.desk_toolbar()}>
      <button type="button" aria-label={m.desk_undo()} title={m.desk_undo()} disabled={!editable || !canUndo} onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)}>
        ↶
      </button>
      <button type="button" aria-label={m.desk_redo()} title={m.desk_redo()} disabled={!editable || !canRedo} onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)}>
        ↷
      </button>
      {format('bold', m.desk_bold(), 'B')}
      {format('italic', m.desk_italic(), 'I')}
      {format('underline', m.desk_underline(), 'U')}
      {format('strikethrough', m.desk_strike(), 'S')}
      {blockButton('paragraph', m.desk_paragraph(), '¶')}
      {blockButton('h2', m.desk_heading({ level: '2' }), 'H2')}
      {blockButton('h3', m.desk_heading({ level: '3' }), 'H3')}
      {blockButton('h4', m.desk_heading({ level: '4' }), 'H4')}
      {blockButton('ul', m.desk_bullets(), '•')}
      {blockButton('ol', m.desk_numbers(), '1.')}
      {blockButton('quote', m.desk_quote(), '❝')}
      <button type="button" aria-pressed={inLink} aria-label={m.desk_link()} title={m.desk_link()} disabled={!editable} onClick={() => (inLink ? editor.dispatchCommand(TOGGLE_LINK_COMMAND, null) : setLinkOpen(!linkOpen))}>
        🔗
      </button>
      <button type="button" aria-label={m.desk_insert_table()} title={m.desk_insert_table()} disabled={!editable} onClick={() => editor.dispatchCommand(INSERT_TABLE_COMMAND, { rows: '3', columns: '3', includeHeaders: { rows: true, columns: false } })}>
        ▦
      </button>
      <button type="button" disabled={!editable} onClick={onPicture}>
        {m.desk_insert_picture()}
      </button>
      <button type="button" disabled={!editable} onClick={onReplay}>
        {m.desk_insert_replay()}
      </button>
    </div>
  );
}

const validUrl = (url: string) => /^(https?:\/\/[^\s]+|mailto:[^\s]+|\/[^/\s][^\s]*)$/i.test(url.trim());

function LinkForm({ close }: { close: () => void }) {
  const [editor] = useLexicalComposerContext();
  const [url, setUrl] = useState('https://');
  const [bad, setBad] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.select(), []);
  const apply = () => {
    if (!validUrl(url)) return setBad(true);
    editor.dispatchCommand(TOGGLE_LINK_COMMAND, url.trim());
    close();
    editor.focus();
  };
  const key = (e: ReactKeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
      editor.focus();
    }
  };
  return (
    <div className="link-form">
      <label htmlFor="desk-link-url">{m.desk_link_url()}</label>
      <input id="desk-link-url" ref={ref} dir="ltr" value={url} onChange={(e) => (setUrl(e.target.value), setBad(false))} onKeyDown={key} aria-invalid={bad || undefined} aria-describedby={bad ? 'desk-link-error' : undefined} />
      <button type="button" className="button" onClick={apply}>
        {m.desk_apply()}
      </button>
      {bad && (
        <span id="desk-link-error" className="error">
          {m.desk_link_invalid()}
        </span>
      )}
    </div>
  );
}

/** Ctrl+Alt+digit, Ctrl+Shift+7/8/9, Ctrl+K, Ctrl+S. */
function ShortcutsPlugin({ openLink, onSave }: { openLink: () => void; onSave: () => void }) {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        KEY_DOWN_COMMAND,
        (e: KeyboardEvent) => {
          const mod = e.ctrlKey || e.metaKey;
          if (!mod) return false;
          const blocks: Record<string, Block> = e.altKey ? { Digit0: 'paragraph', Digit2: 'h2', Digit3: 'h3', Digit4: 'h4' } : e.shiftKey ? { Digit7: 'ol', Digit8: 'ul', Digit9: 'quote' } : {};
          const block = blocks[e.code];
          if (block) {
            e.preventDefault();
            setBlock(editor, block);
            return true;
          }
          if (!e.altKey && !e.shiftKey && e.code === 'KeyK') {
            e.preventDefault();
            openLink();
            return true;
          }
          if (!e.altKey && !e.shiftKey && e.code === 'KeyS') {
            e.preventDefault();
            onSave();
            return true;
          }
          return false;
        },
        COMMAND_PRIORITY_HIGH,
      ),
    [editor, openLink, onSave],
  );
  return null;
}

/** Cleans what is pasted as HTML before it enters the story. */
function PastePlugin({ lang, onCleaned }: { lang: Locale; onCleaned: (removed: Set<Removed>) => void }) {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        PASTE_COMMAND,
        (event) => {
          const html = event instanceof ClipboardEvent ? event.clipboardData?.getData('text/html') : '';
          if (!html) return false;
          event.preventDefault();
          const { html: clean, removed } = cleanHtml(html, lang);
          editor.update(() => {
            const nodes = $generateNodesFromDOM(editor, new DOMParser().parseFromString(clean, 'text/html'));
            $insertNodes(nodes);
          });
          onCleaned(removed);
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
    [editor, lang, onCleaned],
  );
  return null;
}

/** Gives the parent a way to insert a picture or a replay where the cursor is. */
function InsertPlugin({ register }: { register: (insert: { picture: (p: PictureData) => void; replay: (r: ReplayData) => void }) => void }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    register({
      picture: (p) => editor.update(() => void $insertNodeToNearestRoot($createPictureNode(p))),
      replay: (r) => editor.update(() => void $insertNodeToNearestRoot($createReplayNode(r))),
    });
  }, [editor, register]);
  return null;
}

/** The HTML a story body starts from, as the editor's nodes. */
function loadHtml(html: string) {
  return (editor: LexicalEditor) => {
    const root = $getRoot();
    root.clear();
    if (!html.trim()) {
      root.append($createParagraphNode());
      return;
    }
    const nodes = $generateNodesFromDOM(editor, new DOMParser().parseFromString(html, 'text/html'));
    let loose: ReturnType<typeof $createParagraphNode> | null = null;
    for (const node of nodes) {
      if ($isElementNode(node) || ($isDecoratorNode(node) && !node.isInline())) {
        loose = null;
        root.append(node);
      } else {
        loose ??= $createParagraphNode();
        if (!loose.getParent()) root.append(loose);
        loose.append(node);
      }
    }
    if (root.getChildrenSize() === 0) root.append($createParagraphNode());
  };
}

export interface BodyEditorProps {
  html: string;
  lang: Locale;
  editable: boolean;
  labelledBy: string;
  describedBy?: string;
  onChange: (html: string) => void;
  onPasteCleaned: (removed: Set<Removed>) => void;
  onPicture: () => void;
  onReplay: () => void;
  onSave: () => void;
  registerInsert: (insert: { picture: (p: PictureData) => void; replay: (r: ReplayData) => void }) => void;
}

export function BodyEditor(props: BodyEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  const initial = useRef(props.html);
  const lastHtml = useRef(props.html);
  const config = {
    namespace: 'desk-body',
    editable: props.editable,
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, TableNode, TableRowNode, TableCellNode, PictureNode, ReplayNode],
    onError: (error: Error) => console.error('[desk editor]', error),
    editorState: loadHtml(initial.current),
    theme: { paragraph: 'p', text: { bold: 'b', italic: 'i', underline: 'u', strikethrough: 's' } },
  };
  return (
    <LexicalComposer initialConfig={config}>
      <div className="body-editor" lang={props.lang} dir={LOCALE_CONFIG[props.lang].dir}>
        <Toolbar onPicture={props.onPicture} onReplay={props.onReplay} linkOpen={linkOpen} setLinkOpen={setLinkOpen} />
        {linkOpen && <LinkForm close={() => setLinkOpen(false)} />}
        <RichTextPlugin
          contentEditable={<ContentEditable className="content" aria-labelledby={props.labelledBy} aria-describedby={props.describedBy} aria-multiline="true" role="textbox" />}
          ErrorBoundary={LexicalErrorBoundary}
        />
        <HistoryPlugin />
        <ListPlugin />
        <LinkPlugin validateUrl={validUrl} />
        <TablePlugin hasCellMerge={false} hasCellBackgroundColor={false} />
        <ShortcutsPlugin openLink={() => setLinkOpen(true)} onSave={props.onSave} />
        <PastePlugin lang={props.lang} onCleaned={props.onPasteCleaned} />
        <InsertPlugin register={props.registerInsert} />
        <OnChangePlugin
          ignoreSelectionChange
          onChange={(state, editor) =>
            state.read(() => {
              const html = cleanHtml($generateHtmlFromNodes(editor, null), props.lang).html;
              if (html !== lastHtml.current) {
                lastHtml.current = html;
                props.onChange(html);
              }
            })
          }
        />
      </div>
    </LexicalComposer>
  );
}
