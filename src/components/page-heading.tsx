import { type ReactNode, useRef } from 'react'
import { useFocusOnNavigation } from './route-focus'

/** The page's one h1; it takes focus after navigation (see useFocusOnNavigation). */
export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useFocusOnNavigation(ref)
  return (
    <h1 ref={ref} tabIndex={-1} className={className}>
      {children}
    </h1>
  )
}
