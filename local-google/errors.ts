import { type HttpReply, jsonReply } from './http-reply.ts'

/*
 * The two error shapes Google answers with: the Calendar API's `{ error: { code, message,
 * errors: [{ domain, reason, message }] } }`, and the OAuth endpoints' flat
 * `{ error, error_description }`. The client libraries read both.
 */

interface ErrorItem {
  domain: string
  reason: string
  message: string
  location?: string
  locationType?: string
}

/** Thrown anywhere in a Calendar API request; the server answers with Google's body. */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    readonly item: ErrorItem,
    readonly extra: { status?: string; headers?: Record<string, string> } = {},
  ) {
    super(item.message)
  }

  reply(): HttpReply {
    return jsonReply(
      this.status,
      {
        error: {
          errors: [this.item],
          code: this.status,
          message: this.item.message,
          ...(this.extra.status ? { status: this.extra.status } : {}),
        },
      },
      this.extra.headers,
    )
  }
}

export function badRequest(message: string, reason = 'invalid'): GoogleApiError {
  return new GoogleApiError(400, { domain: 'global', reason, message })
}

export function notFound(): GoogleApiError {
  return new GoogleApiError(404, { domain: 'global', reason: 'notFound', message: 'Not Found' })
}

export function deleted(): GoogleApiError {
  return new GoogleApiError(410, {
    domain: 'global',
    reason: 'deleted',
    message: 'Resource has been deleted',
  })
}

export function fullSyncRequired(): GoogleApiError {
  return new GoogleApiError(410, {
    domain: 'global',
    reason: 'fullSyncRequired',
    message: 'Sync token is no longer valid, a full sync is required.',
  })
}

export function duplicate(): GoogleApiError {
  return new GoogleApiError(409, {
    domain: 'global',
    reason: 'duplicate',
    message: 'The requested identifier already exists.',
  })
}

export function preconditionFailed(): GoogleApiError {
  return new GoogleApiError(412, {
    domain: 'global',
    reason: 'conditionNotMet',
    message: 'Precondition Failed',
    location: 'If-Match',
    locationType: 'header',
  })
}

export function invalidCredentials(): GoogleApiError {
  return new GoogleApiError(
    401,
    {
      domain: 'global',
      reason: 'authError',
      message: 'Invalid Credentials',
      location: 'Authorization',
      locationType: 'header',
    },
    {
      status: 'UNAUTHENTICATED',
      headers: { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/"' },
    },
  )
}

export function insufficientScopes(): GoogleApiError {
  return new GoogleApiError(
    403,
    { domain: 'global', reason: 'insufficientPermissions', message: 'Insufficient Permission' },
    { status: 'PERMISSION_DENIED' },
  )
}

export function writerAccessRequired(): GoogleApiError {
  return new GoogleApiError(403, {
    domain: 'calendar',
    reason: 'requiredAccessLevel',
    message: 'You need to have writer access to this calendar.',
  })
}

/** What a test asked for with `/_local/failures`: a rate limit or a server error. */
export function injectedFailure(status: number, retryAfterSeconds: number | null): GoogleApiError {
  const headers: Record<string, string> =
    retryAfterSeconds === null ? {} : { 'Retry-After': String(retryAfterSeconds) }
  if (status === 403 || status === 429) {
    return new GoogleApiError(
      status,
      { domain: 'usageLimits', reason: 'rateLimitExceeded', message: 'Rate Limit Exceeded' },
      { headers },
    )
  }
  return new GoogleApiError(
    status,
    { domain: 'global', reason: 'backendError', message: 'Backend Error' },
    { headers },
  )
}

/** An OAuth endpoint's refusal (`/token`, `/revoke`). */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description)
  }

  reply(): HttpReply {
    return jsonReply(this.status, { error: this.error, error_description: this.description })
  }
}
