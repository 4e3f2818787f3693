/**
 * The newsroom API's bearer tokens (admins only, docs/newsroom.md): make one
 * (shown once), revoke one (its calls get 401 at once).
 */
import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import * as m from '../../paraglide/messages.js';
import { api, DeskApiError } from '../api.ts';
import { useLocale, when } from '../i18n.ts';
import { Button, Notice, ScreenTitle, TextField } from '../ui.tsx';

interface Token {
  name: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

export default function TokensScreen() {
  const locale = useLocale();
  const [tokens, setTokens] = useState<Token[]>([]);
  const [name, setName] = useState('');
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const [error, setError] = useState<{ message: string; errors: Record<string, string[]> } | null>(null);
  const load = useCallback(() => {
    api<Token[]>('GET', '/api/desk/tokens')
      .then(setTokens)
      .catch((e: unknown) => setError({ message: (e as Error).message, errors: {} }));
  }, []);
  useEffect(load, [load]);
  const create = async (e: SubmitEvent) => {
    e.preventDefault();
    setError(null);
    try {
      setMade(await api<{ name: string; token: string }>('POST', '/api/desk/tokens', { name }));
      setName('');
      load();
    } catch (err) {
      setError(err instanceof DeskApiError ? { message: err.message, errors: err.errors } : { message: m.desk_err_500(), errors: {} });
    }
  };
  const revoke = async (t: string) => {
    try {
      await api('DELETE', `/api/desk/tokens/${encodeURIComponent(t)}`);
      load();
    } catch (err) {
      setError({ message: (err as Error).message, errors: {} });
    }
  };
  return (
    <main id="main" className="screen stack">
      <ScreenTitle>{m.desk_nav_tokens()}</ScreenTitle>
      <p>{m.desk_tokens_intro()}</p>
      {error && <Notice kind="error">{error.message}</Notice>}
      {made && (
        <Notice kind="success">
          {m.desk_token_made({ name: made.name })} <code dir="ltr">{made.token}</code>
        </Notice>
      )}
      <form className="toolbar-row panel" onSubmit={(e) => void create(e)} noValidate>
        <TextField label={m.desk_token_name()} dir="ltr" value={name} onChange={(e) => setName(e.target.value)} errors={error?.errors.name} />
        <Button kind="primary" type="submit">
          {m.desk_token_create()}
        </Button>
      </form>
      <table className="list">
        <caption className="visually-hidden">{m.desk_nav_tokens()}</caption>
        <thead>
          <tr>
            <th scope="col">{m.desk_token_name()}</th>
            <th scope="col">{m.desk_created()}</th>
            <th scope="col">{m.desk_last_used()}</th>
            <th scope="col">{m.desk_state()}</th>
            <th scope="col">{m.desk_actions()}</th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((t) => (
            <tr key={t.name}>
              <td dir="ltr">{t.name}</td>
              <td>{when(t.createdAt, locale)}</td>
              <td>{t.lastUsedAt ? when(t.lastUsedAt, locale) : '—'}</td>
              <td>{t.revokedAt ? m.desk_token_revoked() : m.desk_token_live()}</td>
              <td>
                {!t.revokedAt && (
                  <Button kind="danger" onClick={() => void revoke(t.name)} aria-label={m.desk_token_revoke_named({ name: t.name })}>
                    {m.desk_token_revoke()}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
