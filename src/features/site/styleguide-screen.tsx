import { PageHeading } from '../../components/page-heading'
import { PublicLayout } from './public-layout'

// Token names only: the swatches read their colour from the live custom property, so this page
// shows whichever palette (light or dark) is active.
const COLOUR_TOKENS = [
  '--p-surface-ground',
  '--p-surface-card',
  '--p-surface-muted',
  '--p-surface-hover',
  '--p-surface-border',
  '--p-surface-border-strong',
  '--p-text-color',
  '--p-text-muted-color',
  '--p-text-subtle-color',
  '--p-primary-color',
  '--p-primary-hover-color',
  '--p-primary-contrast-color',
  '--p-primary-soft-color',
  '--p-primary-text-color',
  '--p-danger-color',
  '--p-danger-soft-color',
  '--p-success-color',
  '--p-success-soft-color',
  '--p-warn-color',
  '--p-warn-soft-color',
  '--p-info-color',
  '--p-info-soft-color',
  '--p-focus-ring-color',
] as const

const CARDS = [
  { title: 'Card one', text: 'Three columns on wide screens.' },
  { title: 'Card two', text: 'The cards share the row evenly.' },
  { title: 'Card three', text: 'One column on phones.' },
]

export function StyleguideScreen() {
  return (
    <PublicLayout>
      <div className="p-stack-lg">
        <header className="p-stack-sm">
          <PageHeading>Styleguide</PageHeading>
          <p className="p-muted">
            The design tokens of the active theme. Toggle dark mode to see the other palette.
          </p>
        </header>

        <section className="p-stack" aria-labelledby="styleguide-colours">
          <h2 id="styleguide-colours">Colours</h2>
          <ul className="p-swatches">
            {COLOUR_TOKENS.map((token) => (
              <li key={token} className="p-swatch" data-token={token}>
                <span className="p-swatch__colour" style={{ background: `var(${token})` }} />
                <code className="p-swatch__name">{token}</code>
              </li>
            ))}
          </ul>
        </section>

        <section className="p-stack" aria-labelledby="styleguide-grid">
          <h2 id="styleguide-grid">Responsive grid</h2>
          <div className="p-grid-3" data-testid="styleguide-grid">
            {CARDS.map((card) => (
              <article key={card.title} className="p-card" data-testid="styleguide-card">
                <h3>{card.title}</h3>
                <p className="p-muted">{card.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="p-stack" aria-labelledby="styleguide-controls">
          <h2 id="styleguide-controls">Controls</h2>
          <div className="p-row">
            <button type="button" className="p-button p-button--primary">
              Primary
            </button>
            <button type="button" className="p-button">
              Secondary
            </button>
            <button type="button" className="p-button p-button--danger">
              Danger
            </button>
            <button type="button" className="p-button p-button--primary" disabled>
              Disabled
            </button>
          </div>
          <div className="p-row">
            <span className="p-badge">Neutral</span>
            <span className="p-badge p-badge--success">Success</span>
            <span className="p-badge p-badge--warn">Warning</span>
            <span className="p-badge p-badge--danger">Danger</span>
            <span className="p-badge p-badge--info">Info</span>
          </div>
        </section>
      </div>
    </PublicLayout>
  )
}
