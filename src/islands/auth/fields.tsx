/**
 * Form building blocks of the account popups; each field is the site's
 * FormField (src/components/forms/FormField.tsx).
 */
import type { ReactNode } from 'react';

/** The form-level message (a failed sign-in, a network problem): announced when it appears, focused when no field is in error. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="auth-error" tabIndex={-1} data-form-message="">
      {children}
    </p>
  );
}

/** The first message of a field in a 422 answer. */
export const firstError = (errors: Record<string, string[]>, field: string): string | undefined => errors[field]?.[0];
