import { finishOnboarding, missingDetails, type OnboardingOutcome } from '../connect/onboarding.ts'
import type { FormObject } from '../form-decoding.ts'
import { type HttpReply, htmlReply, redirectReply } from '../http-reply.ts'
import { nowSeconds } from '../ids.ts'
import type { Scope } from '../scope.ts'
import type { AccountLinkRecord } from '../state.ts'
import { formText } from './card-fields.ts'
import { escapeHtml, page } from './layout.ts'

const outcomes: Record<string, OnboardingOutcome> = {
  complete: 'complete',
  details_missing: 'details_missing',
}

/**
 * Stripe's hosted Connect onboarding at `/connect/onboarding/:token`, reduced to its two
 * endings: details complete, or left with something missing. `scope` is the platform's.
 */
export function handleOnboarding(
  scope: Scope,
  method: string,
  token: string,
  form: FormObject,
): HttpReply {
  const record = scope.platform.accountLinks[token]
  if (!record) {
    return htmlReply(404, page('Not found', '<h1>Not found</h1><p>There is no such link.</p>'))
  }
  const expired = !record.opened && record.link.expires_at <= nowSeconds()
  if (method !== 'POST') {
    // A second visit, or a visit after expiry, is what Stripe sends to refresh_url.
    if (record.opened || expired) return redirectReply(record.refreshUrl)
    record.opened = true
    return htmlReply(200, renderOnboarding(scope, record, token))
  }
  if (!record.opened || record.finished || expired) return redirectReply(record.refreshUrl)
  const outcome = outcomes[formText(form, 'outcome')]
  const account = scope.platform.accounts[record.account]
  if (!outcome || !account) return htmlReply(400, renderOnboarding(scope, record, token))
  record.finished = true
  finishOnboarding(scope.forAccount(account.id), account, outcome)
  return redirectReply(record.returnUrl)
}

function renderOnboarding(scope: Scope, record: AccountLinkRecord, token: string): string {
  const account = scope.platform.accounts[record.account]
  const name = account?.business_profile?.name ?? account?.email ?? record.account
  const action = `/connect/onboarding/${escapeHtml(token)}`
  return page(
    `Set up payments — ${name}`,
    `<h1>Set up payments for ${escapeHtml(name)}</h1>
<section aria-labelledby="about-heading">
<h2 id="about-heading">Test onboarding</h2>
<p>${escapeHtml(scope.accountName)} uses Stripe to get you paid. In test mode no details are asked for: choose how this onboarding ends.</p>
<p class="muted">Account ${escapeHtml(record.account)}${account?.email ? `, ${escapeHtml(account.email)}` : ''}</p>
</section>
<section aria-labelledby="finish-heading">
<h2 id="finish-heading">Finish</h2>
<form method="post" action="${action}">
<input type="hidden" name="outcome" value="complete">
<button type="submit">Complete onboarding</button>
</form>
<form method="post" action="${action}">
<input type="hidden" name="outcome" value="details_missing">
<button type="submit" class="secondary">Leave details missing</button>
</form>
<p class="test-note">“Leave details missing” submits the details but not ${escapeHtml(missingDetails.join(', '))}: payments stay disabled until a new link completes it.</p>
</section>`,
  )
}
