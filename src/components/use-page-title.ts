import { useEffect } from 'react'

export const PRODUCT_TITLE = 'Slotwise Appointments'

export function formatPageTitle(title?: string): string {
  return title ? `${title} - ${PRODUCT_TITLE}` : PRODUCT_TITLE
}

/** "Choose a time · Harbor Street Studio": a booking page is the business's, not Slotwise's. */
export function formatBookingTitle(title: string, businessName: string | null): string {
  return businessName ? `${title} · ${businessName}` : formatPageTitle(title)
}

/** Sets `document.title` to '{title} - Slotwise Appointments', or the product name alone; null leaves it. */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    // null: the layout sets the title (the booking pages add the business's name).
    if (title !== null) document.title = formatPageTitle(title)
  }, [title])
}
