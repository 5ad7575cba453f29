import { useEffect } from 'react'

export const PRODUCT_TITLE = 'Slotwise Appointments'

export function formatPageTitle(title?: string): string {
  return title ? `${title} - ${PRODUCT_TITLE}` : PRODUCT_TITLE
}

/** Sets `document.title` to '{title} - Slotwise Appointments', or the product name alone. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = formatPageTitle(title)
  }, [title])
}
