import type { FastifyServerOptions } from 'fastify'
import pinoPretty from 'pino-pretty'
import { requestLogFields } from '../http/log-redaction.ts'
import { requestIdFor } from './request-id.ts'

/** `json`: one JSON object a line, for log collectors; `pretty`: for a person at a terminal. */
export type LogFormat = 'json' | 'pretty'

export interface LoggingOptions {
  level: string
  format: LogFormat
  /** Where lines go; standard output by default (tests capture them). */
  destination?: NodeJS.WritableStream | undefined
}

/**
 * Fastify's logger and request-id settings. Redaction runs in pino before a line is
 * formatted, so the pretty lines hide the same secrets as the JSON ones.
 */
export function loggingOptions(
  options: LoggingOptions | false,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader'> {
  const requestIds = {
    // genReqId reads (and checks) X-Request-Id itself; Fastify's own header option would
    // take any value a client sends.
    requestIdHeader: false as const,
    genReqId: requestIdFor,
  }
  if (options === false) return { ...requestIds, logger: false }
  const stream =
    options.format === 'pretty'
      ? pinoPretty({
          destination: options.destination ?? 1,
          sync: true,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
          // One line an event: a person scans a terminal, and a request's fields fit on it.
          singleLine: true,
          colorize: options.destination ? false : undefined,
        })
      : options.destination
  return {
    ...requestIds,
    logger: {
      level: options.level,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-manage-token"]'],
        censor: '[redacted]',
      },
      serializers: { req: requestLogFields },
      ...(stream ? { stream } : {}),
    },
  }
}
