import { expect } from 'vitest'

/*
 * Reading the HTML part of a customer's e-mail the way a mail app shows it, without an HTML
 * library: enough for the exact shape server/notifications/customer-html.ts writes. Each
 * reader relies on every value being escaped, which is what the tests check.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const NOT_IN_HTML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/** The only elements the HTML part is made of; anything else came in through a value. */
const OUR_TAGS = new Set([
  'html',
  'head',
  'meta',
  'title',
  'body',
  'table',
  'tr',
  'td',
  'p',
  'br',
  'a',
  'img',
])

export const decodeHtml = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

/** Every `<` in the document opens or closes one of our own elements (or is the doctype). */
export function expectOnlyOurTags(html: string) {
  const opened = [...html.matchAll(/<\/?([^\s>/]*)/g)].map((match) => match[1] ?? '')
  expect(opened.filter((name) => name !== '!DOCTYPE' && !OUR_TAGS.has(name))).toEqual([])
}

/** The body's paragraphs as a reader sees them: line breaks kept, tags gone, entities read. */
export function visibleParagraphs(html: string): string {
  return [...html.matchAll(/<p style="[^"]*">([\s\S]*?)<\/p>/g)]
    .map((match) => decodeHtml((match[1] ?? '').replace(/<br>/g, '\n').replace(/<[^>]+>/g, '')))
    .join('\n\n')
}

/** The business's name as the header band shows it. */
export function bandName(html: string): string {
  const match = /font-weight:bold;">\n(?:<img [^>]*>\n)?([^<]*)\n<\/td>/.exec(html)
  if (!match) throw new Error('no header band')
  return decodeHtml(match[1] ?? '')
}

/** The values of attribute `name` on every `tag` element, entities read. */
export function attributes(html: string, tag: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag} [^>]*?${name}="([^"]*)"`, 'g'))].map((match) =>
    decodeHtml(match[1] ?? ''),
  )
}
