import { brandPair, brandTextOn, parseHexColour } from '../../shared/brand-colours.ts'
import type { Language } from '../../shared/languages.ts'

/*
 * The HTML part of a customer's e-mail: the business's letterhead (a band in its brand colour,
 * its logo and name) over the very words of the plain-text part, which is already written in
 * the customer's language. Built from the text rather than beside it, so the two parts can
 * never say different things. E-mail HTML as mail apps read it: tables and inline styles, no
 * stylesheet, no script, no remote content but the business's own logo. Every value written
 * in is HTML-escaped, in text and in attributes alike.
 */

/** What the e-mail wears: the business as it is when the message is sent. */
export interface Letterhead {
  businessName: string
  /** The stored brand colour, `#rrggbb`. */
  brandColor: string
  /** The logo's absolute address and its size in pixels; null when the business has none. */
  logo: { url: string; width: number; height: number } | null
  /** The customer's language, which the text is written in. */
  language: Language
}

/** The column default of tenant_settings.brand_color, for a stored value that is no colour. */
const DEFAULT_BRAND = '#4f46e5'
const PAGE = '#f3f4f6'
const CARD = '#ffffff'
const INK = '#111827'
const FONT = "-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"
const LOGO_HEIGHT = 48
const LOGO_MAX_WIDTH = 200

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const NOT_IN_HTML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/**
 * Text made safe for HTML, as element content and inside a quoted attribute; the control
 * characters HTML does not allow are dropped.
 */
export function escapeHtml(text: string): string {
  return text
    .replace(NOT_IN_HTML, '')
    .replace(/[&<>"']/g, (character) => ENTITIES[character] as string)
}

/**
 * The HTML alternative of a customer's e-mail. Paragraphs and lines are the text's own;
 * addresses on the site's own host (`publicUrl`: the manage and booking links) become links,
 * nothing else does, so a URL a visitor typed into a name never turns into one.
 */
export function customerHtml(
  mail: { subject: string; text: string },
  letterhead: Letterhead,
  publicUrl: string,
): string {
  const brand = parseHexColour(letterhead.brandColor) ? letterhead.brandColor : DEFAULT_BRAND
  const band = brandPair(brand)
  const link = brandTextOn(brand, [CARD])
  const ownLink = new RegExp(`${escapeRegExp(publicUrl)}/[\\w\\-.~/?#=&%+:@]*`, 'g')
  const paragraphs = mail.text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px;">${paragraph
          .split('\n')
          .map((line) => linked(line, ownLink, link))
          .join('<br>')}</p>`,
    )
    .join('\n')
  return `<!DOCTYPE html>
<html lang="${escapeHtml(letterhead.language)}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(mail.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${PAGE};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${PAGE};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:${CARD};border-radius:8px;">
<tr><td style="background-color:${band.background};color:${band.foreground};padding:20px 24px;border-radius:8px 8px 0 0;font-family:${FONT};font-size:20px;line-height:1.3;font-weight:bold;">
${logoImage(letterhead.logo)}${escapeHtml(letterhead.businessName)}
</td></tr>
<tr><td style="padding:24px;font-family:${FONT};font-size:16px;line-height:1.5;color:${INK};">
${paragraphs}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`
}

/**
 * The logo on a white tile (a dark logo stays visible on a dark band), at most 48 px high and
 * 200 px wide with its proportions kept; the size is written out for mail apps that ignore
 * CSS. Its alt text is empty: the business's name follows it.
 */
function logoImage(logo: Letterhead['logo']): string {
  if (!logo) return ''
  const scale = Math.min(LOGO_HEIGHT / logo.height, LOGO_MAX_WIDTH / logo.width)
  const width = Math.max(1, Math.round(logo.width * scale))
  const height = Math.max(1, Math.round(logo.height * scale))
  return `<img src="${escapeHtml(logo.url)}" width="${width}" height="${height}" alt="" style="display:block;border:0;width:${width}px;height:${height}px;margin:0 0 12px;padding:4px;background-color:${CARD};border-radius:4px;">\n`
}

/** One line of the text, escaped, with the site's own addresses as links. */
function linked(line: string, ownLink: RegExp, colour: string): string {
  let html = ''
  let from = 0
  for (const match of line.matchAll(ownLink)) {
    const url = match[0]
    html += escapeHtml(line.slice(from, match.index))
    html += `<a href="${escapeHtml(url)}" style="color:${colour};font-weight:bold;text-decoration:underline;word-break:break-all;">${escapeHtml(url)}</a>`
    from = match.index + url.length
  }
  return html + escapeHtml(line.slice(from))
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
