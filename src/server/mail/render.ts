/**
 * Renders a mail's content (a few kinds of blocks) twice: an HTML part in
 * the visitor's language and direction (`<html lang dir>`, `dir` repeated
 * on the body and the content table, for clients that drop the <html>
 * element), and a plain-text part with the same words and full links.
 * Every value is escaped; the layout uses tables and inline styles, which is
 * what mail clients render reliably.
 */
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales.ts';

export type MailBlock =
  | { kind: 'paragraph'; text: string; muted?: boolean }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'fields'; rows: readonly (readonly [label: string, value: string])[] }
  | { kind: 'quote'; text: string }
  /** A story of a newsletter edition: its picture, headline (a link), summary and link. */
  | { kind: 'story'; title: string; text: string; url: string; label: string; image?: string | undefined; imageAlt?: string | undefined };

export interface MailContent {
  lang: Locale;
  /** Title of the HTML document (the subject). */
  title: string;
  /** Brand line at the top (the site's name). */
  brand: string;
  blocks: readonly MailBlock[];
  /** Footer lines; a link is shown with its URL in the text part. */
  footer: readonly ({ text: string } | { text: string; label: string; url: string })[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Only http(s) links go into a mail. */
function safeUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw new Error(`refusing a non-http(s) link in a mail: ${url}`);
  return url;
}

const FONT = "Arial,'Segoe UI',Tahoma,'Noto Sans Arabic',sans-serif";
const PRIMARY = '#0a3d91';

function htmlBlock(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;${block.muted ? 'color:#555555;font-size:14px;' : ''}">${escapeHtml(block.text)}</p>`;
    case 'button': {
      const url = escapeHtml(safeUrl(block.url));
      return (
        `<p style="margin:8px 0 20px;"><a href="${url}" style="display:inline-block;padding:12px 22px;border-radius:6px;` +
        `background:${PRIMARY};color:#ffffff;font-weight:bold;text-decoration:none;">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all;"><a href="${url}" style="color:${PRIMARY};">${url}</a></p>`
      );
    }
    case 'fields':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">` +
        block.rows
          .map(
            ([label, value]) =>
              `<tr><th scope="row" style="padding:4px 0;padding-inline-end:16px;font-weight:bold;vertical-align:top;white-space:nowrap;">${escapeHtml(label)}</th>` +
              `<td style="padding:4px 0;vertical-align:top;" dir="auto">${escapeHtml(value)}</td></tr>`,
          )
          .join('') +
        `</table>`
      );
    case 'story': {
      const url = escapeHtml(safeUrl(block.url));
      return (
        `<div style="margin:0 0 24px;">` +
        (block.image
          ? `<a href="${url}"><img src="${escapeHtml(safeUrl(block.image))}" alt="${escapeHtml(block.imageAlt ?? '')}" width="512" style="display:block;width:100%;max-width:512px;height:auto;border:0;border-radius:6px;margin:0 0 10px;"></a>`
          : '') +
        `<h2 dir="auto" style="margin:0 0 8px;font-size:19px;line-height:1.35;"><a href="${url}" style="color:#1a1a1a;text-decoration:none;">${escapeHtml(block.title)}</a></h2>` +
        (block.text ? `<p dir="auto" style="margin:0 0 8px;color:#333333;">${escapeHtml(block.text)}</p>` : '') +
        `<p style="margin:0;"><a href="${url}" style="color:${PRIMARY};font-weight:bold;">${escapeHtml(block.label)}</a></p></div>`
      );
    }
    case 'quote':
      return (
        `<div dir="auto" style="margin:0 0 16px;padding:12px 16px;border-radius:6px;background:#f2f4f8;white-space:pre-wrap;">` +
        `${escapeHtml(block.text)}</div>`
      );
  }
}

function textBlock(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'button':
      return `${block.label}:\n${safeUrl(block.url)}`;
    case 'fields':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'story':
      return `${block.title}\n${block.text ? `${block.text}\n` : ''}${safeUrl(block.url)}`;
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
  }
}

export function renderMail(content: MailContent): { html: string; text: string } {
  const dir = LOCALE_CONFIG[content.lang].dir;
  const footerHtml = content.footer
    .map((line) =>
      'url' in line
        ? `<p style="margin:0 0 6px;">${escapeHtml(line.text)} <a href="${escapeHtml(safeUrl(line.url))}" style="color:${PRIMARY};">${escapeHtml(line.label)}</a></p>`
        : `<p style="margin:0 0 6px;">${escapeHtml(line.text)}</p>`,
    )
    .join('');
  const html =
    `<!doctype html><html lang="${content.lang}" dir="${dir}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.title)}</title></head>` +
    `<body dir="${dir}" style="margin:0;padding:0;background:#f2f2f2;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f2f2f2;"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" dir="${dir}" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:${FONT};color:#1a1a1a;">` +
    `<tr><td style="padding:18px 24px;background:${PRIMARY};border-radius:8px 8px 0 0;color:#ffffff;font-size:22px;font-weight:bold;">${escapeHtml(content.brand)}</td></tr>` +
    `<tr><td style="padding:24px;font-size:16px;line-height:1.6;">${content.blocks.map(htmlBlock).join('')}</td></tr>` +
    `<tr><td style="padding:16px 24px;border-top:1px solid #d9d9d9;font-size:13px;line-height:1.5;color:#555555;">${footerHtml}</td></tr>` +
    `</table></td></tr></table></body></html>`;

  const footerText = content.footer.map((line) => ('url' in line ? `${line.text} ${safeUrl(line.url)}` : line.text));
  const text = `${content.blocks.map(textBlock).join('\n\n')}\n\n-- \n${footerText.join('\n')}\n`;
  return { html, text };
}
