/**
 * The phone breakpoint of the shell (ADR 036): under 576 px the header is
 * one row and the weather widget, the top bar's date and the live strip
 * step aside (the stylesheets say `max-width: 575.98px`). Islands that
 * only show above it hydrate with `client:media={WIDER_THAN_PHONE}`, so a
 * phone never loads their code (ADR 014).
 */
export const WIDER_THAN_PHONE = '(min-width: 576px)';
