import { isEmbedPath } from '../../shared/booking-links'

/**
 * Messages from an embed page (`/embed/…`) to the page that frames it, read by `/embed.js`
 * (public/embed.js). Each carries `slotwise: 1` so the host tells them from other messages.
 */
export type EmbedMessage =
  | { type: 'height'; height: number }
  | { type: 'booked'; appointmentId: string }
  /** Escape pressed inside the frame, where the host's own key listeners never hear it. */
  | { type: 'escape' }

/** Whether this page runs as an embed page, framed on a business's website. */
export function isEmbedded(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.parent !== window &&
    isEmbedPath(window.location.pathname)
  )
}

// Read once, when the frame first loads: the host's origin, so a message goes to that
// page only (the server already let only the business's listed websites frame us).
// Chromium and Safari name the ancestors; elsewhere the first load's referrer does.
const hostOrigin = ((): string => {
  if (typeof window === 'undefined') return '*'
  const ancestor = window.location.ancestorOrigins?.[0]
  if (ancestor) return ancestor
  try {
    return document.referrer ? new URL(document.referrer).origin : '*'
  } catch {
    return '*'
  }
})()

/** Tells the host page something; nothing happens outside a frame. */
export function postToEmbedHost(message: EmbedMessage): void {
  if (!isEmbedded()) return
  window.parent.postMessage({ slotwise: 1, ...message }, hostOrigin)
}
