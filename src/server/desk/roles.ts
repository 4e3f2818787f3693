/**
 * Who may do what beyond writing stories (docs/desk.md "Roles"): curating
 * the site (the front pages, dossiers, static pages, replays: each is
 * published as soon as it is saved, and a journalist publishes nothing) is
 * for editors and admins; a journalist gets 403 from the API and is not
 * offered the screens.
 */
import type { DeskRole } from '../db/schema.ts';

export const CURATORS: readonly DeskRole[] = ['editor', 'admin'];
