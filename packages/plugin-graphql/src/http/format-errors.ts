import { GraphQLError } from 'graphql'
import { isSluiceError, SluiceError, type ErrorCode, type HostMode, type Logger } from '@sluice/core/protocol'

/** One entry of a response's `errors` (GraphQL spec §7.1.2, SPEC §Errors). */
export interface FormattedError {
  readonly message: string
  readonly locations?: readonly { readonly line: number; readonly column: number }[]
  readonly path?: readonly (string | number)[]
  readonly extensions: { readonly code: string; readonly status?: number }
}

export interface FormatOptions {
  readonly mode: HostMode
  readonly log: Logger
  readonly requestId: string
  /** The code of errors graphql-js raised itself (syntax, validation, variable coercion, a null in a non-null field). */
  readonly fallbackCode: ErrorCode
}

/**
 * A GraphQL error as the client sees it: `message`, `locations`, `path`, and `extensions.code` — the same registered
 * code (`SLUICE_ERR_…`) REST's error has — with `extensions.status`, the HTTP status REST would answer. A core
 * error's message is the one REST shows; development mode adds the database's detail as REST does. Anything else
 * that escapes a resolver is a bug: it is logged and, in production, masked behind the generic internal message.
 */
export function formatError(error: GraphQLError, options: FormatOptions): FormattedError {
  const original = error.originalError
  const where = { locations: error.locations, path: error.path }
  if (isSluiceError(original))
    return withPlace(sluiceMessage(original, options.mode), { code: original.code, status: original.status }, where)
  if (original !== undefined && !(original instanceof GraphQLError)) {
    options.log.error({ err: original, requestId: options.requestId }, 'unexpected error in a GraphQL resolver')
    const internal = new SluiceError('SLUICE_ERR_INTERNAL')
    const message = options.mode === 'development' ? `${internal.message} ${original.message}` : internal.message
    return withPlace(message, { code: internal.code, status: internal.status }, where)
  }
  const code = typeof error.extensions['code'] === 'string' ? error.extensions['code'] : options.fallbackCode
  return withPlace(error.message, { code }, where)
}

/** A `SluiceError` raised outside graphql-js (a bad request envelope, an authentication failure) as an entry. */
export function formatSluiceError(error: SluiceError, mode: HostMode): FormattedError {
  return { message: sluiceMessage(error, mode), extensions: { code: error.code, status: error.status } }
}

function sluiceMessage(error: SluiceError, mode: HostMode): string {
  if (mode !== 'development' || error.devDetail === undefined) return error.message
  return error.status < 500 || error.code === 'SLUICE_ERR_DATABASE'
    ? `${error.message} ${error.devDetail}`
    : error.message
}

function withPlace(
  message: string,
  extensions: FormattedError['extensions'],
  where: Pick<FormattedError, 'locations' | 'path'>,
): FormattedError {
  // Keys in the spec's order: message, locations, path, extensions.
  const out: Record<string, unknown> = { message }
  if (where.locations !== undefined && where.locations.length > 0) out['locations'] = where.locations
  if (where.path !== undefined) out['path'] = where.path
  out['extensions'] = extensions
  return out as unknown as FormattedError
}
