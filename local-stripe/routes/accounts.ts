import type Stripe from 'stripe'
import { invalidRequest, parameterMissing, resourceMissing } from '../errors.ts'
import { changedAttributes } from '../events.ts'
import { newId } from '../ids.ts'
import {
  buildAccount,
  buildAccountLink,
  type CapabilityName,
  capabilityNames,
} from '../objects/account.ts'
import { paginate } from '../pagination.ts'
import { mergeMetadata, type Params } from '../params.ts'
import type { ApiRequest, Route } from '../router.ts'
import { pathParam } from '../router.ts'

/** Stripe's account links expire a few minutes after they are made, and work once. */
export const accountLinkLifetimeSeconds = 5 * 60

const businessProfileShape = {
  name: 'string',
  url: 'string',
  mcc: 'string',
  product_description: 'string',
  support_email: 'string',
  support_phone: 'string',
  support_url: 'string',
} as const

const businessProfileFields = Object.keys(
  businessProfileShape,
) as (keyof typeof businessProfileShape)[]

function businessProfileOf(params: Params | undefined): Partial<Stripe.Account.BusinessProfile> {
  const profile: Partial<Stripe.Account.BusinessProfile> = {}
  for (const field of businessProfileFields) {
    const value = params?.nullableString(field)
    if (value !== undefined) profile[field] = value
  }
  return profile
}

/**
 * Connected accounts are the platform's: with a `Stripe-Account` header a request may read
 * only that account itself, as Stripe allows.
 */
function findAccount(request: ApiRequest, id: string, param = 'account'): Stripe.Account {
  const { scope } = request
  const account = scope.platform.accounts[id]
  if (!account || (scope.account !== null && scope.account !== id)) {
    throw resourceMissing('account', id, param)
  }
  return account
}

export const accountRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/accounts',
    shape: {
      type: 'string',
      country: 'string',
      email: 'string',
      business_type: 'string',
      default_currency: 'string',
      business_profile: businessProfileShape,
      capabilities: {
        card_payments: { requested: 'string' },
        transfers: { requested: 'string' },
      },
      metadata: 'metadata',
    },
    handle({ scope, params }) {
      if (scope.account !== null) {
        throw invalidRequest(
          'You cannot create a connected account with the Stripe-Account header set.',
        )
      }
      const capabilities = params.object('capabilities')
      const requested: CapabilityName[] = capabilityNames.filter(
        (name) => capabilities?.object(name)?.boolean('requested') === true,
      )
      const country = (params.string('country') ?? 'US').toUpperCase()
      if (!/^[A-Z]{2}$/.test(country)) {
        throw invalidRequest(`Country '${country}' is unknown.`, 'country_unsupported', 'country')
      }
      const account = buildAccount({
        type: params.oneOf('type', ['express', 'standard'] as const) ?? 'standard',
        country,
        email: params.string('email') ?? null,
        businessType:
          params.oneOf('business_type', [
            'individual',
            'company',
            'non_profit',
            'government_entity',
          ] as const) ?? null,
        defaultCurrency: params.string('default_currency')?.toLowerCase() ?? null,
        businessProfile: businessProfileOf(params.object('business_profile')),
        requestedCapabilities: requested,
        metadata: mergeMetadata({}, params.metadata()),
      })
      scope.platform.accounts[account.id] = account
      return account
    },
  },
  {
    method: 'GET',
    path: '/v1/accounts',
    shape: { limit: 'string', starting_after: 'string', ending_before: 'string' },
    handle({ scope, params }) {
      const accounts = Object.values(scope.platform.accounts).reverse()
      return paginate(accounts, params, '/v1/accounts', 'account')
    },
  },
  {
    method: 'GET',
    path: '/v1/accounts/:id',
    shape: {},
    handle: (request) => findAccount(request, pathParam(request, 'id'), 'id'),
  },
  {
    method: 'GET',
    path: '/v1/account',
    shape: {},
    handle(request) {
      if (request.scope.account === null) {
        throw invalidRequest(
          'This local Stripe has no platform account object; pass an id or the Stripe-Account header.',
        )
      }
      return findAccount(request, request.scope.account, 'id')
    },
  },
  {
    method: 'POST',
    path: '/v1/accounts/:id',
    shape: {
      email: 'string',
      business_profile: businessProfileShape,
      metadata: 'metadata',
    },
    handle(request) {
      const { scope, params } = request
      const account = findAccount(request, pathParam(request, 'id'), 'id')
      const before = structuredClone(account)
      const email = params.nullableString('email')
      if (email !== undefined) account.email = email
      const profile = businessProfileOf(params.object('business_profile'))
      if (account.business_profile) Object.assign(account.business_profile, profile)
      if (profile.name !== undefined && account.settings) {
        account.settings.dashboard.display_name = profile.name
      }
      account.metadata = mergeMetadata(account.metadata ?? {}, params.metadata())
      const previous = changedAttributes(before, account)
      if (Object.keys(previous).length > 0) {
        scope.forAccount(account.id).emit('account.updated', account, previous)
      }
      return account
    },
  },
  {
    method: 'POST',
    path: '/v1/account_links',
    shape: {
      account: 'string',
      refresh_url: 'string',
      return_url: 'string',
      type: 'string',
    },
    handle(request) {
      const { scope, params } = request
      const account = findAccount(request, params.requiredString('account'))
      const type = params.oneOf('type', ['account_onboarding', 'account_update'] as const)
      if (type === undefined) throw parameterMissing('type')
      if (type === 'account_update') {
        throw invalidRequest(
          'This local Stripe implements only type=account_onboarding links.',
          'parameter_invalid',
          'type',
        )
      }
      const refreshUrl = params.requiredString('refresh_url')
      const returnUrl = params.requiredString('return_url')
      const token = newId('onb', 32).slice(4)
      const link = buildAccountLink(
        `${scope.publicUrl}/connect/onboarding/${token}`,
        accountLinkLifetimeSeconds,
      )
      scope.platform.accountLinks[token] = {
        link,
        account: account.id,
        refreshUrl,
        returnUrl,
        opened: false,
        finished: false,
      }
      return link
    },
  },
]
