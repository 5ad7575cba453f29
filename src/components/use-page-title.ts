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

/** Sets `document.title` to '{title} - Slotwise Appointments', or the product name alone; null leaves it. */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    // null: the layout sets the title (the booking pages add the business's name).
    if (title !== null) document.title = formatPageTitle(title)
  }, [title])
}
