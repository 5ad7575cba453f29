import { useEffect } from 'react'

export const PRODUCT_TITLE = 'Slotwise Appointments'

export function formatPageTitle(title?: string): string {
  return title ? `${title} - ${PRODUCT_TITLE}` : PRODUCT_TITLE
}

/**
 * A booking page's title: the spec's '{title} - Slotwise Appointments', unless the business's
 * plan removes the "Powered by Slotwise" line (`show_powered_by` false): then the business's
 * name takes the product's place, '{title} - Harbor Street Studio'. The server's <title> and
 * the browser's both come from here, so they agree.
 */
export function formatBookingTitle(
  title: string,
  business: { name: string; show_powered_by: boolean } | null | undefined,
): string {
  return business && !business.show_powered_by
    ? `${title} - ${business.name}`
    : formatPageTitle(title)
}

/*
 * Who names the page. A frame (the booking layout) names it after its route; a screen inside
 * it may know better (the wizard's "not found" under the time step's address). The screen's
 * title wins while both are mounted, whatever order their effects run in: when both mount in
 * one commit (a page rendered at once, as a transition does), React runs the frame's effect
 * last, and an effect that simply wrote document.title left the route's title on a page that
 * says "not found".
 */
type TitleRank = 'frame' | 'screen'
interface TitleClaim {
  title: string
  rank: TitleRank
}

const claims = new Set<TitleClaim>()

function showClaimedTitle(): void {
  let shown: TitleClaim | undefined
  // In order of claiming: the latest of the highest rank wins.
  for (const claim of claims) {
    if (shown === undefined || claim.rank === 'screen' || shown.rank === 'frame') shown = claim
  }
  if (shown) document.title = shown.title
}

/** Claims `document.title` (already formatted) while mounted; null claims nothing. */
export function useDocumentTitle(title: string | null, rank: TitleRank): void {
  useEffect(() => {
    if (title === null) return
    const claim = { title, rank }
    claims.add(claim)
    showClaimedTitle()
    return () => {
      claims.delete(claim)
      showClaimedTitle()
    }
  }, [title, rank])
}

/** Sets `document.title` to '{title} - Slotwise Appointments', or the product name alone; null leaves it. */
export function usePageTitle(title?: string | null): void {
  // null: the layout sets the title (the booking pages add the business's name).
  useDocumentTitle(title === null ? null : formatPageTitle(title), 'screen')
}
