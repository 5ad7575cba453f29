import { Link } from 'wouter'

/** The product mark and name; a link home unless `to` is null. */
export function Brand({ to = '/home' }: { to?: string | null }) {
  const content = (
    <>
      <svg className="p-brand__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--p-primary-color)" />
        <rect
          x="8"
          y="9"
          width="16"
          height="15"
          rx="3"
          fill="none"
          stroke="var(--p-primary-contrast-color)"
          strokeWidth="2"
        />
        <path
          d="M8 14h16M12 6.5v4M20 6.5v4"
          stroke="var(--p-primary-contrast-color)"
          strokeWidth="2"
          strokeLinecap="round"
        />
        <circle cx="16" cy="19" r="2" fill="var(--p-primary-contrast-color)" />
      </svg>
      <span className="p-brand__name">Slotwise</span>
    </>
  )
  if (to === null) return <span className="p-brand">{content}</span>
  return (
    <Link href={to} className="p-brand" aria-label="Slotwise home">
      {content}
    </Link>
  )
}
