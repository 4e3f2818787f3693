/**
 * The desk's small building blocks: a labelled field with its hint and
 * error (aria-describedby, aria-invalid), buttons, notices (an error is
 * announced at once, a status politely), a modal dialog (the browser's
 * <dialog>: focus kept inside, Escape closes), a state badge.
 */
import { useEffect, useId, useRef, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import * as m from '../paraglide/messages.js';
import type { StoryState } from '../lib/desk-story.ts';
import { navigate } from './router.tsx';
import { LOCALES, type Locale } from '../i18n/locales.ts';

type FieldProps = {
  label: string;
  hint?: ReactNode;
  errors?: string[] | undefined;
  /** Written in this direction whatever the desk's (an e-mail, a URL, a code). */
  dir?: 'ltr' | 'rtl' | 'auto';
};

function useFieldIds(hint: ReactNode, errors: string[] | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

function FieldFrame({ id, label, hint, hintId, errors, errorId, children }: { id: string; label: string; hint: ReactNode; hintId: string | undefined; errors: string[] | undefined; errorId: string | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
      {errors?.length ? (
        <p className="error" id={errorId}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ label, hint, errors, dir, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const ids = useFieldIds(hint, errors);
  return (
    <FieldFrame id={ids.id} label={label} hint={hint} hintId={ids.hintId} errors={errors} errorId={ids.errorId}>
      <input id={ids.id} dir={dir} aria-describedby={ids.describedBy} aria-invalid={errors?.length ? true : undefined} {...input} />
    </FieldFrame>
  );
}

export function TextArea({ label, hint, errors, dir, ...input }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ids = useFieldIds(hint, errors);
  return (
    <FieldFrame id={ids.id} label={label} hint={hint} hintId={ids.hintId} errors={errors} errorId={ids.errorId}>
      <textarea id={ids.id} dir={dir} aria-describedby={ids.describedBy} aria-invalid={errors?.length ? true : undefined} {...input} />
    </FieldFrame>
  );
}

export function SelectField({ label, hint, errors, children, ...select }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const ids = useFieldIds(hint, errors);
  return (
    <FieldFrame id={ids.id} label={label} hint={hint} hintId={ids.hintId} errors={errors} errorId={ids.errorId}>
      <select id={ids.id} aria-describedby={ids.describedBy} aria-invalid={errors?.length ? true : undefined} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}

export function Button({ kind = 'secondary', type = 'button', className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { kind?: 'primary' | 'secondary' | 'danger' | 'quiet' }) {
  return <button type={type} className={['button', `button--${kind}`, className].filter(Boolean).join(' ')} {...rest} />;
}

/** An error (role=alert: read at once) or a status (read politely). */
export function Notice({ kind, children }: { kind: 'error' | 'success' | 'info' | 'warning'; children: ReactNode }) {
  return (
    <div className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function Dialog({ open, onClose, title, children, wide, dismissible = true }: { open: boolean; onClose: () => void; title: string; children: ReactNode; wide?: boolean; dismissible?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className={wide ? 'dialog dialog--wide' : 'dialog'} aria-labelledby={titleId} onClose={onClose} onCancel={(e) => !dismissible && e.preventDefault()}>
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        {dismissible && (
          <Button kind="quiet" onClick={onClose} aria-label={m.desk_close()}>
            ×
          </Button>
        )}
      </div>
      {open && children}
    </dialog>
  );
}

export function stateLabel(state: StoryState): string {
  switch (state) {
    case 'draft':
      return m.desk_state_draft();
    case 'review':
      return m.desk_state_review();
    case 'scheduled':
      return m.desk_state_scheduled();
    case 'published':
      return m.desk_state_published();
    case 'withdrawn':
      return m.desk_state_withdrawn();
  }
}

export function StateBadge({ state }: { state: StoryState }) {
  return <span className={`badge badge--${state}`}>{stateLabel(state)}</span>;
}

export function roleLabel(role: 'journalist' | 'editor' | 'admin'): string {
  return role === 'admin' ? m.desk_role_admin() : role === 'editor' ? m.desk_role_editor() : m.desk_role_journalist();
}

export function langLabel(lang: Locale): string {
  return lang === 'ar' ? m.desk_lang_ar() : m.desk_lang_fr();
}

/** A screen's title: focusable, so moving between screens can move the focus to it. */
export function ScreenTitle({ children }: { children: ReactNode }) {
  return <h1 tabIndex={-1}>{children}</h1>;
}

/** A screen's title with the switch between its Arabic and French versions (the front page, the dossiers). */
export function TitleWithLanguages({ title, lang, href }: { title: string; lang: Locale; href: (lang: Locale) => string }) {
  return (
    <div className="toolbar-row">
      <ScreenTitle>{title}</ScreenTitle>
      <nav className="actions inline-start-auto" aria-label={m.desk_language()}>
        {LOCALES.map((l) => (
          <Button key={l} kind={l === lang ? 'primary' : 'secondary'} aria-pressed={l === lang} onClick={() => navigate(href(l))}>
            {langLabel(l)}
          </Button>
        ))}
      </nav>
    </div>
  );
}
