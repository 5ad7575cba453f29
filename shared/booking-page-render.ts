import type { Language } from './languages'

/*
 * The booking pages' server renderer, as the API server sees it. Rsbuild builds
 * src/server-entry.tsx into dist-ssr/booking-page.js; server/http/server-rendered-page.ts
 * loads that file by path (the server never imports src/) and calls `renderBookingPage`.
 */

export interface BookingPageRenderInput {
  /** The page's address as requested: path (with /embed for a framed page) and query. */
  url: string
  /** The business's catalogue, exactly as the page's inline data block carries it. */
  catalogue: unknown
  /** The language to render in, decided by the server from the business's settings. */
  language: Language
}

export interface RenderedBookingPage {
  /** The markup of the app's root element. */
  html: string
  /** The document's title, the business's name in it. */
  title: string
  /**
   * The currency amounts the markup shows, as the browser's money formatting looks them up
   * (src/components/form/money.ts): the page carries them in a data block, so hydrating it
   * needs no currency data, the slowest of `Intl`'s first uses on a phone.
   */
  formattedMoney: Record<string, string>
}

/** The id of the page's data block with `RenderedBookingPage.formattedMoney`. */
export const FORMATTED_MONEY_ELEMENT_ID = 'slotwise-formatted-money'

export interface BookingPageRenderer {
  /**
   * The page's markup, or null for a page the server does not render (a step that depends on
   * the visitor's clock and time zone, an address the wizard would correct): the browser then
   * renders it alone, as before.
   */
  renderBookingPage(input: BookingPageRenderInput): Promise<RenderedBookingPage | null>
}
