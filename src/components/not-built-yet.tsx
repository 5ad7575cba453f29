import type { ReactNode } from 'react'

/**
 * The honest body of a screen whose feature has not shipped: it says so, instead of showing
 * invented data that a user might mistake for their own.
 */
export function NotBuiltYet({
  arrivesWith,
  children,
}: {
  arrivesWith: string
  children?: ReactNode
}) {
  return (
    <div className="p-card p-not-built">
      <p className="p-not-built__text">Not built yet — this screen arrives with {arrivesWith}.</p>
      {children}
    </div>
  )
}
