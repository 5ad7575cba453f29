import type Stripe from 'stripe'

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

export function formatMoney(amount: number | null, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format((amount ?? 0) / 100)
}

export function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
}

/** "€29.00 per month" */
export function priceLabel(price: Stripe.Price): string {
  const interval = price.recurring?.interval
  return `${formatMoney(price.unit_amount, price.currency)}${interval ? ` per ${interval}` : ''}`
}

const styles = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1a1f36;background:#f6f8fa}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
section{background:#fff;border:1px solid #e3e8ee;border-radius:8px;padding:1rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font:inherit;padding:.6rem .75rem;border:1px solid #a3acb9;border-radius:6px}
input:focus,button:focus,a:focus{outline:3px solid #635bff;outline-offset:2px}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button{font:inherit;font-weight:600;padding:.7rem 1rem;border-radius:6px;border:0;background:#635bff;color:#fff;cursor:pointer;width:100%;margin-top:1rem}
button.secondary{background:#fff;color:#1a1f36;border:1px solid #a3acb9}
[role=alert]{background:#fdecea;color:#8a1c1c;border:1px solid #f5c2c0;border-radius:6px;padding:.75rem;margin:0 0 1rem}
.muted{color:#4f566b}
ul{padding-left:1.25rem}
.amount{font-size:1.75rem;font-weight:700}
.test-note{font-size:.875rem;color:#4f566b}
`

/** One accessible page: a language, a viewport for 375 px screens, one h1, no script. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}
