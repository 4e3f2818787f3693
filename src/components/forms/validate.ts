/**
 * The site's own check of a form before it is sent, in the page's language
 * (the browser's bubbles speak the browser's language, not the page's): the
 * constraints the controls declare (required, type="email", minlength,
 * maxlength, min and max of a date), and a confirmation field that must
 * equal the field it names (`data-confirms="email"`). The forms that use it
 * have `noValidate`, show each message next to its field (FormField's error)
 * and move the focus to the first one. The server checks everything again.
 */
import type { Locale } from '../../i18n/locales.ts';
import { formatLongDate } from '../../lib/dates.ts';
import * as m from '../../paraglide/messages.js';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isControl = (el: Element): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

/** A date constraint as the page writes dates ("13 novembre 2013"). */
const dateText = (day: string, locale: Locale) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? formatLongDate(`${day}T12:00:00Z`, locale) : day);

/** The message for one control, or '' when it is valid. */
function messageOf(el: Control, form: HTMLFormElement, locale: Locale): string {
  const o = { locale };
  const v = el.validity;
  if (v.valueMissing) return m.forms_error_required({}, o);
  if (v.typeMismatch && el.type === 'email') return m.forms_error_email({}, o);
  if (v.tooShort && 'minLength' in el) return m.forms_error_too_short({ min: String(el.minLength) }, o);
  if (v.tooLong && 'maxLength' in el) return m.forms_error_too_long({ max: String(el.maxLength) }, o);
  if ((v.rangeUnderflow || v.rangeOverflow) && el instanceof HTMLInputElement && el.type === 'date') {
    return m.forms_error_date_range({ min: dateText(el.min, locale), max: dateText(el.max, locale) }, o);
  }
  if (!v.valid) return m.forms_error_invalid({}, o);
  const confirms = el.dataset.confirms;
  if (confirms) {
    const original = form.elements.namedItem(confirms);
    if (original instanceof HTMLInputElement && original.value !== el.value) {
      return el.type === 'password' ? m.forms_error_confirm_password({}, o) : m.forms_error_confirm_email({}, o);
    }
  }
  return '';
}

/** Every invalid field's message, by field name, in the order of the form. */
export function validateForm(form: HTMLFormElement, locale: Locale): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const el of form.elements) {
    if (!isControl(el) || !el.name || el.disabled || el.name in errors) continue;
    const message = messageOf(el, form, locale);
    if (message) errors[el.name] = message;
  }
  return errors;
}

/**
 * Puts the focus on the form's first field marked invalid, else on its
 * form-level message (`[data-form-message]`): after a refused submission,
 * the keyboard and the screen reader start where the problem is.
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('[data-form-message]');
  target?.focus();
}
