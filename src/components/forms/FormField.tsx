/**
 * The one form field of the site: a label, its control (input, select or
 * textarea), an optional hint and the error message. The control is
 * described by its hint and its error (aria-describedby) and marked
 * aria-invalid while it has an error; both directions (an e-mail field is
 * `dir="ltr"` but sits on the page's side).
 *
 * Used by the server-rendered contact and newsletter forms (Astro renders it
 * to plain HTML, no JavaScript shipped) and by the sign-in and sign-up
 * islands. The server-rendered forms are answered in place by ./enhance.ts:
 * for them (`live`) the error element is always there, found by its
 * `data-error-for`, empty until a 422 fills it.
 */
import { useId, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import './form-field.css';

type Control =
  | ({ as?: 'input' } & InputHTMLAttributes<HTMLInputElement>)
  | ({ as: 'textarea' } & TextareaHTMLAttributes<HTMLTextAreaElement>)
  | ({ as: 'select'; options: readonly { value: string; label: string }[] } & SelectHTMLAttributes<HTMLSelectElement>);

export type FormFieldProps = Control & {
  label: string;
  /** Shown after the label, lighter ("(optional)"). */
  optional?: string | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  /** The control's id (the hint's and error's derive from it); a React id by default. */
  id?: string | undefined;
  /** Extra class of the field's box (its place in the form's layout). */
  fieldClass?: string | undefined;
  /** Answered in place by enhance.ts: the error element is always rendered. */
  live?: boolean | undefined;
};

export function FormField(props: FormFieldProps) {
  const reactId = useId();
  const { label, optional, hint, error, id: givenId, fieldClass, live, ...control } = props;
  const id = givenId ?? reactId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error || live ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const aria = { 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined } as const;

  let input;
  if (control.as === 'select') {
    const { as: _as, options, ...rest } = control;
    input = (
      <select id={id} {...rest} {...aria}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (control.as === 'textarea') {
    const { as: _as, ...rest } = control;
    input = <textarea id={id} {...rest} {...aria} />;
  } else {
    const { as: _as, ...rest } = control;
    input = <input id={id} {...rest} {...aria} />;
  }

  return (
    <div className={fieldClass ? `form-field ${fieldClass}` : 'form-field'}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="form-field-optional"> {optional}</span>}
      </label>
      {input}
      {hint && (
        <p id={hintId} className="form-field-hint">
          {hint}
        </p>
      )}
      {(error || live) && (
        <p id={errorId} className="form-field-error" data-error-for={live ? control.name : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
