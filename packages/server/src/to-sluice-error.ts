import { isSluiceError, SluiceError, type Logger } from '@sluice/core'
import type { ErrorLogThrottle } from './error-log-throttle.js'

interface FastifyishError {
  readonly code?: string
  readonly statusCode?: number
  readonly message?: string
}

/**
 * Any error that reaches a protocol's error handler, as a coded SluiceError: fastify's body errors become their 4xx
 * codes; anything unexpected is logged once and becomes a generic 500.
 */
export function toSluiceError(
  error: unknown,
  log: Logger,
  bodyLimit: number,
  throttle?: ErrorLogThrottle,
): SluiceError {
  if (isSluiceError(error)) {
    if (error.status >= 500) logServerError(error, log, throttle)
    return error
  }
  const e = (error ?? {}) as FastifyishError
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new SluiceError('SLUICE_ERR_PAYLOAD_TOO_LARGE', { limit: bodyLimit })
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new SluiceError('SLUICE_ERR_UNSUPPORTED_MEDIA_TYPE', { type: 'of this request' })
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new SluiceError('SLUICE_ERR_BAD_REQUEST', { detail: e.message ?? 'malformed request' })
  }
  log.error({ err: error }, 'unexpected error while handling a request')
  return new SluiceError('SLUICE_ERR_INTERNAL', {}, { cause: error })
}

/** A 5xx once per distinct cause per interval when a throttle is given (an outage fails every request alike). */
function logServerError(error: SluiceError, log: Logger, throttle: ErrorLogThrottle | undefined): void {
  const details = { err: error.cause ?? error, code: error.code }
  if (throttle === undefined) return log.error(details, error.message)
  const cause = error.cause instanceof Error ? error.cause.message.split('\n', 1)[0] : ''
  throttle.error(log, `${error.code}:${cause}`, details, error.message)
}
