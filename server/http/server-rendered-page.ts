import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { FastifyBaseLogger } from 'fastify'
import {
  type BookingPageRenderer,
  type BookingPageRenderInput,
  FORMATTED_MONEY_ELEMENT_ID,
  type RenderedBookingPage,
} from '../../shared/booking-page-render.ts'
import { THEME_BOOT_SCRIPT } from './theme-boot-script.ts'

/** Renders a booking page's markup, or null when the page is left to the browser. */
export type RenderBookingPage = (
  input: BookingPageRenderInput,
) => Promise<RenderedBookingPage | null>

/**
 * The booking pages' server renderer, built by Rsbuild from src/server-entry.tsx into
 * `bundlePath` (dist-ssr/booking-page.js) and imported by path on first use, so this server
 * never imports the browser app's code. Without a build (the dev server, a test without
 * one) every page is left to the browser, as before server rendering. A render that throws
 * is logged and the page served unrendered: the browser renders it alone.
 */
export function createBookingPageRenderer(
  bundlePath: string,
  log: FastifyBaseLogger,
): RenderBookingPage {
  let renderer: Promise<BookingPageRenderer | null> | null = null
  const load = (): Promise<BookingPageRenderer | null> => {
    renderer ??= existsSync(bundlePath)
      ? (import(pathToFileURL(bundlePath).href) as Promise<BookingPageRenderer>).catch(
          (error: unknown) => {
            log.error({ err: error }, 'The booking pages server renderer did not load')
            return null
          },
        )
      : Promise.resolve(null)
    return renderer
  }
  return async (input) => {
    const loaded = await load()
    if (!loaded) return null
    try {
      return await loaded.renderBookingPage(input)
    } catch (error) {
      log.error({ err: error }, 'A booking page could not be rendered on the server')
      return null
    }
  }
}

/**
 * Puts the rendered markup into the shell's root element, marked with the language it was
 * rendered in (main.tsx hydrates what carries the mark), the title and language on the
 * document, the theme's script first in the head so the first paint is in the visitor's
 * palette, and the amounts the markup shows after the root for hydrating it.
 */
export function injectRenderedPage(
  html: string,
  page: RenderedBookingPage,
  language: { code: string; switchable: boolean },
): string {
  const root = `<div id="root" data-rendered-language="${language.code}" data-language-switchable="${language.switchable}">`
  const money = JSON.stringify(page.formattedMoney).replaceAll('<', '\\u003c')
  const moneyBlock = `<script type="application/json" id="${FORMATTED_MONEY_ELEMENT_ID}">${money}</script>`
  // Replacer functions: a business's text with `$&` in it must stay as it is.
  return html
    .replace(/<html(\s+lang="[^"]*")?>/i, () => `<html lang="${language.code}">`)
    .replace(/<head>/i, () => `<head><script>${THEME_BOOT_SCRIPT}</script>`)
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<div id="root"><\/div>/i, () => `${root}${page.html}</div>${moneyBlock}`)
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}
