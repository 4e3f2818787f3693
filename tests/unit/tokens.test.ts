/**
 * The token file's values for what cannot read a CSS variable
 * (src/lib/tokens.ts, ADR 050): the theme-color <meta> and the lite pages'
 * inline stylesheet.
 */
import { describe, expect, it } from 'vitest';
import { tokenValue } from '../../src/lib/tokens.ts';
import { LITE_CSS } from '../../src/layouts/lite-css.ts';

describe('tokenValue', () => {
  it('reads a colour of the token file', () => {
    expect(tokenValue('--color-brand-blue')).toBe('#0a3d91');
    expect(tokenValue('--color-black')).toBe('#000000');
  });

  it('follows var() references to the value', () => {
    expect(tokenValue('--color-primary')).toBe('#0a3d91');
    expect(tokenValue('--color-focus')).toBe('#f28c00');
    expect(tokenValue('--gutter')).toBe('1rem');
  });

  it('reads the :root block, not the dark theme', () => {
    expect(tokenValue('--color-surface')).toBe('#ffffff');
  });

  it('throws for a name the file does not define', () => {
    expect(() => tokenValue('--color-no-such-token')).toThrow(/defines no --color-no-such-token/);
  });
});

describe('the lite pages stylesheet', () => {
  it('writes out the tokens, as before', () => {
    expect(LITE_CSS).toContain('html{font:1.05rem/1.6 system-ui');
    expect(LITE_CSS).toContain('color:#111;background:#fff;');
    expect(LITE_CSS).toContain('a{color:#0a3d91}');
    expect(LITE_CSS).toContain('ul.stories li{padding-block:.45rem;border-block-end:1px solid #ddd}');
    expect(LITE_CSS).not.toMatch(/\$\{|var\(/);
  });
});
