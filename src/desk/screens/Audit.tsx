/**
 * The audit log (admins only, docs/desk.md "Audit"): every action, newest
 * first, with who, what, on which item, before and after, from where.
 */
import { useCallback, useEffect, useState } from 'react';
import * as m from '../../paraglide/messages.js';
import { api, query } from '../api.ts';
import { useLocale, when } from '../i18n.ts';
import { Button, Notice, ScreenTitle, TextField } from '../ui.tsx';
import type { AuditRecord } from '../../lib/desk-story.ts';

export default function AuditScreen() {
  const locale = useLocale();
  const [action, setAction] = useState('');
  const [items, setItems] = useState<AuditRecord[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async (before: number | null, filter: string) => {
    try {
      const page = await api<{ items: AuditRecord[]; next: number | null }>('GET', `/api/desk/audit${query({ action: filter, before })}`);
      setItems((list) => (before ? [...list, ...page.items] : page.items));
      setNext(page.next);
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);
  useEffect(() => {
    const t = setTimeout(() => void load(null, action.trim()), 250);
    return () => clearTimeout(t);
  }, [action, load]);
  return (
    <main id="main" className="screen stack">
      <ScreenTitle>{m.desk_nav_audit()}</ScreenTitle>
      <TextField label={m.desk_audit_action()} dir="ltr" value={action} onChange={(e) => setAction(e.target.value)} hint={m.desk_audit_hint()} />
      {error && <Notice kind="error">{error}</Notice>}
      <table className="list">
        <caption className="visually-hidden">{m.desk_nav_audit()}</caption>
        <thead>
          <tr>
            <th scope="col">{m.desk_when()}</th>
            <th scope="col">{m.desk_who()}</th>
            <th scope="col">{m.desk_what()}</th>
            <th scope="col">{m.desk_item()}</th>
            <th scope="col">{m.desk_before()}</th>
            <th scope="col">{m.desk_after()}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <tr key={e.id}>
              <td>{when(e.at, locale)}</td>
              <td dir="auto">
                {e.actor}
                {e.address && (
                  <>
                    <br />
                    <span className="hint" dir="ltr">
                      {e.address}
                    </span>
                  </>
                )}
              </td>
              <td dir="ltr">{e.action}</td>
              <td dir="auto">
                {e.itemType ? `${e.itemType} ${e.itemId ?? ''}` : '—'}
                {e.summary && (
                  <>
                    <br />
                    <span className="hint">{e.summary}</span>
                  </>
                )}
              </td>
              <td dir="ltr">
                <pre className="audit-json">{e.before === null ? '—' : JSON.stringify(e.before, null, 1)}</pre>
              </td>
              <td dir="ltr">
                <pre className="audit-json">{e.after === null ? '—' : JSON.stringify(e.after, null, 1)}</pre>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {next && <Button onClick={() => void load(next, action.trim())}>{m.desk_more()}</Button>}
    </main>
  );
}
