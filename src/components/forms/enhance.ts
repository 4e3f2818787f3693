/**
 * Progressive enhancement of the site's forms (newsletter, contact),
 * installed on every page by the shell's one module script
 * (src/components/layout/behaviour/index.ts). Without JavaScript a form posts to
 * its page, which renders the outcome; with it, the form is sent as JSON
 * to its endpoint (data-api) and the outcome shown in place:
 *
 *  - 200: the endpoint's message in the status line, the form emptied;
 *  - 422: each field's message next to it (aria-invalid, the message in
 *    the element aria-describedby points at), focus on the first one;
 *  - anything else: the endpoint's message, else the network message, and
 *    the focus on it (the submit button, disabled while sending, had lost
 *    it to the page's body).
 *
 * The messages come from the server, already in the page's language; the
 * two the browser may need on its own (sending, network failure) are on the
 * form as data-msg-sending and data-msg-network. One capture listener on
 * the document serves every form, across client-side navigations, and runs
 * before the client router's own form handling.
 */
import { siteFetch } from '../../lib/api-client.ts';
import { isLocale } from '../../i18n/locales.ts';

interface Envelope {
  header?: { status?: string; message?: string; errors?: Record<string, string[]> };
}

function fieldErrorElement(form: HTMLFormElement, name: string): HTMLElement | null {
  return form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(name)}"]`);
}

function control(form: HTMLFormElement, name: string): HTMLElement | null {
  const el = form.elements.namedItem(name);
  return el instanceof HTMLElement ? el : null;
}

function clearField(form: HTMLFormElement, name: string): void {
  control(form, name)?.removeAttribute('aria-invalid');
  const error = fieldErrorElement(form, name);
  if (error) error.textContent = '';
}

function clearErrors(form: HTMLFormElement): void {
  for (const el of form.querySelectorAll<HTMLElement>('[data-error-for]')) clearField(form, el.dataset.errorFor ?? '');
}

function setStatus(form: HTMLFormElement, text: string, state: 'busy' | 'ok' | 'error'): void {
  const status = form.querySelector<HTMLElement>('[data-form-status]');
  if (!status) return;
  status.textContent = text;
  status.dataset.state = state;
}

/** The form's status line takes the focus (a refusal with no field to point at). */
function focusStatus(form: HTMLFormElement): void {
  const status = form.querySelector<HTMLElement>('[data-form-status]');
  if (!status) return;
  status.tabIndex = -1;
  status.focus();
}

function fields(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') out[key] = value;
  return out;
}

async function submit(form: HTMLFormElement): Promise<void> {
  const api = form.dataset.api;
  if (!api || form.dataset.busy) return;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  form.dataset.busy = '1';
  if (button) button.disabled = true;
  clearErrors(form);
  setStatus(form, form.dataset.msgSending ?? '', 'busy');
  try {
    const lang = document.documentElement.lang;
    const response = await siteFetch(
      api,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(fields(form)),
        credentials: 'same-origin',
      },
      isLocale(lang) ? lang : undefined,
    );
    const body = (await response.json().catch(() => null)) as Envelope | null;
    const message = body?.header?.message ?? form.dataset.msgNetwork ?? '';
    if (response.ok) {
      form.reset();
      setStatus(form, message, 'ok');
      form.dispatchEvent(new CustomEvent('form:accepted', { bubbles: true }));
      return;
    }
    setStatus(form, message, 'error');
    let first: HTMLElement | null = null;
    for (const [name, messages] of Object.entries(body?.header?.errors ?? {})) {
      const error = fieldErrorElement(form, name);
      const input = control(form, name);
      if (!error || !input) continue;
      error.textContent = messages[0] ?? '';
      input.setAttribute('aria-invalid', 'true');
      first ??= input;
    }
    if (first) first.focus();
    else focusStatus(form);
  } catch {
    setStatus(form, form.dataset.msgNetwork ?? '', 'error');
    focusStatus(form);
  } finally {
    delete form.dataset.busy;
    if (button) button.disabled = false;
  }
}

export function enhanceForms(): void {
  const w = window as Window & { __formsEnhanced?: boolean };
  if (w.__formsEnhanced) return;
  w.__formsEnhanced = true;
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-form-enhance')) return;
      event.preventDefault();
      void submit(form);
    },
    true,
  );
  // A field being corrected loses its error.
  document.addEventListener('input', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement || input instanceof HTMLSelectElement)) return;
    const form = input.form;
    if (form?.hasAttribute('data-form-enhance') && input.getAttribute('aria-invalid') === 'true') clearField(form, input.name);
  });
}
