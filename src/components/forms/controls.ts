/** The name and e-mail controls the contact and newsletter forms share (spread into FormField). */
import { FIELD_LIMITS } from '../../server/forms/schemas.ts';

export const NAME_CONTROL = { name: 'name', type: 'text', autoComplete: 'name', maxLength: FIELD_LIMITS.name } as const;

/** An address reads left to right; FormField keeps it on the page's side. */
export const EMAIL_CONTROL = {
  name: 'email',
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  dir: 'ltr',
  maxLength: FIELD_LIMITS.email,
} as const;
