/**
 * The lite pages' whole stylesheet, inlined in each page (ADR 038): the
 * system's fonts, one readable column, logical properties only. Its colours
 * are the tokens' (src/styles/tokens.css), written out: the page loads no
 * stylesheet that would define the variables.
 */
import { tokenValue } from '../lib/tokens.ts';

const ink = tokenValue('--color-ink-deep');
const white = tokenValue('--color-white');
const blue = tokenValue('--color-brand-blue');
const rule = tokenValue('--color-grey-rule');
const muted = tokenValue('--color-grey-muted');
const soft = tokenValue('--color-grey-soft');

export const LITE_CSS = [
  `html{font:1.05rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",Tahoma,sans-serif;color:${ink};background:${white};-webkit-text-size-adjust:100%}`,
  'body{margin:0 auto;max-inline-size:42rem;padding:0 .9rem 2rem}',
  `header{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem 1rem;padding-block:.6rem;border-block-end:3px solid ${blue}}`,
  'header nav{display:flex;flex-wrap:wrap;gap:.4rem 1rem;font-size:.9rem}',
  `.logo{font-weight:800;font-size:1.4rem;color:${blue};text-decoration:none;margin-inline-end:auto}`,
  `a{color:${blue}}`,
  'h1{font-size:1.45rem;line-height:1.3;margin-block:1rem .5rem}',
  `h2{font-size:1.15rem;margin-block:1.4rem .4rem;color:${blue}}`,
  'ul.stories{list-style:none;margin:0;padding:0}',
  `ul.stories li{padding-block:.45rem;border-block-end:1px solid ${rule}}`,
  'ul.stories a{font-weight:600;text-decoration:none}',
  `.meta{color:${muted};font-size:.85rem;margin:0}`,
  '.lead{font-size:1.1rem;font-weight:500}',
  `.pic{display:inline-block;padding:.2rem .5rem;border:1px solid ${blue};border-radius:4px;font-size:.9rem}`,
  `blockquote{margin-inline:0;padding-inline-start:.8rem;border-inline-start:3px solid ${soft}}`,
  `table{border-collapse:collapse;display:block;overflow-x:auto}td,th{border:1px solid ${soft};padding:.2rem .4rem}`,
  'pre{white-space:pre-wrap}',
  `footer{margin-block-start:2rem;padding-block-start:.6rem;border-block-start:1px solid ${rule};font-size:.9rem}`,
].join('');
