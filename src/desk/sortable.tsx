/**
 * A list of stories put in order by dragging or by the keyboard alone
 * (ADR 040): dnd-kit's sortable preset with the pointer and keyboard
 * sensors (Space or Enter picks a story up, the arrows move it, Space drops
 * it, Escape cancels), its announcements worded in the desk's language.
 * The front page's lists and a dossier's stories use it.
 */
import { LOCALE_CONFIG } from '../i18n/locales.ts';
import { useId } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import * as m from '../paraglide/messages.js';
import type { FrontStory } from '../lib/front-page.ts';
import { Button, StateBadge } from './ui.tsx';

/** dnd-kit's announcements, in the desk's language, naming the story by its headline. */
function announcements(title: (id: string | number) => string, position: (id: string | number) => number): Announcements {
  return {
    onDragStart: ({ active }) => m.desk_front_dnd_picked({ title: title(active.id), n: String(position(active.id)) }),
    onDragOver: ({ active, over }) => (over ? m.desk_front_dnd_over({ title: title(active.id), n: String(position(over.id)) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? m.desk_front_dnd_dropped({ title: title(active.id), n: String(position(over.id)) }) : m.desk_front_dnd_cancelled({ title: title(active.id) })),
    onDragCancel: ({ active }) => m.desk_front_dnd_cancelled({ title: title(active.id) }),
  };
}

function SortableStory({ id, story, onRemove }: { id: number; story: FrontStory | undefined; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const title = story?.title ?? m.desk_front_unknown({ id: String(id) });
  return (
    <li ref={setNodeRef} className={isDragging ? 'front-item dragging' : 'front-item'} style={{ transform: CSS.Transform.toString(transform), transition }}>
      <button type="button" className="drag-handle button button--quiet" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={m.desk_front_move({ title })}>
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="front-item-title" lang={story?.lang} dir={story ? LOCALE_CONFIG[story.lang].dir : undefined}>
        {story?.path ? (
          <a href={story.path} target="_blank" rel="noopener">
            {title}
          </a>
        ) : (
          title
        )}
      </span>
      {story && story.state !== 'published' && <StateBadge state={story.state} />}
      {story?.section && <span className="hint">{story.section}</span>}
      <Button kind="quiet" onClick={onRemove} aria-label={m.desk_front_unpin_named({ title })}>
        {m.desk_front_unpin()}
      </Button>
    </li>
  );
}

/** `name`: the list's name for tests and styles (data-list). */
export function SortableStories({ label, name, ids, stories, onChange, onRemove }: { label: string; name: string; ids: number[]; stories: Record<string, FrontStory>; onChange: (ids: number[]) => void; onRemove: (id: number) => void }) {
  const instructionsId = useId();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const title = (id: string | number) => stories[String(id)]?.title ?? String(id);
  const position = (id: string | number) => ids.indexOf(Number(id)) + 1;
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements: announcements(title, position), screenReaderInstructions: { draggable: m.desk_front_dnd_instructions() } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="front-list" aria-label={label} aria-describedby={instructionsId} data-list={name}>
          {ids.map((id) => (
            <SortableStory key={id} id={id} story={stories[String(id)]} onRemove={() => onRemove(id)} />
          ))}
        </ol>
        <p className="hint" id={instructionsId}>
          {ids.length === 0 ? m.desk_front_empty_list() : m.desk_front_keyboard_hint()}
        </p>
      </SortableContext>
    </DndContext>
  );
}
