import { GraphQLError } from 'graphql'
import { isSluiceError, SluiceError, type ErrorCode, type HostMode, type Logger } from '@sluice/core/protocol'
import { dabErrorCode } from './dab-error-code.js'

/** One entry of a response's `errors` (GraphQL spec §7.1.2, SPEC §Errors). */
export interface FormattedError {
  readonly message: string
  readonly locations?: readonly { readonly line: number; readonly column: number }[]
  readonly path?: readonly (string | number)[]
  readonly extensions: { readonly code: string; readonly sluiceCode: string; readonly status?: number }
}

export interface FormatOptions {
  readonly mode: HostMode
  readonly log: Logger
  readonly requestId: string
  /** The code of errors graphql-js raised itself (syntax, validation, variable coercion, a null in a non-null field). */
  readonly fallbackCode: ErrorCode
  /** Whether the caller is authenticated: Data API builder's code for a refused role says which (`dabErrorCode`). */
  readonly authenticated?: boolean | undefined
}

/**
 * A GraphQL error as the client sees it: `message`, `locations`, `path`, and `extensions`: `code`, Data API builder's
 * code for the same condition (`dabErrorCode`), so a DAB client's branches keep working; `sluiceCode`, the registered
 * code (`SLUICE_ERR_…`) REST's error has; and `status`, the HTTP status REST would answer. A core error's message is
 * the one REST shows; development mode adds the database's detail as REST does. Anything else that escapes a resolver
 * is a bug: it is logged and, in production, masked behind the generic internal message.
 */
export function formatError(error: GraphQLError, options: FormatOptions): FormattedError {
  const original = error.originalError
  const where = { locations: error.locations, path: error.path }
  if (isSluiceError(original))
    return withPlace(sluiceMessage(original, options.mode), extensionsOf(original, options.authenticated), where)
  if (original !== undefined && !(original instanceof GraphQLError)) {
    options.log.error({ err: original, requestId: options.requestId }, 'unexpected error in a GraphQL resolver')
    const internal = new SluiceError('SLUICE_ERR_INTERNAL')
    const message = options.mode === 'development' ? `${internal.message} ${original.message}` : internal.message
    return withPlace(message, extensionsOf(internal, options.authenticated), where)
  }
  const given = error.extensions['code']
  // graphql-js's own errors (syntax, validation, variables), and the validation rules Sluice adds (depth, introspection).
  const code =
    typeof given === 'string' && given.startsWith('SLUICE_ERR_') ? (given as ErrorCode) : options.fallbackCode
  return withPlace(error.message, { code: dabErrorCode(code, 400, options.authenticated), sluiceCode: code }, where)
}

/** A `SluiceError` raised outside graphql-js (a bad request envelope, an authentication failure) as an entry. */
export function formatSluiceError(error: SluiceError, mode: HostMode): FormattedError {
  return { message: sluiceMessage(error, mode), extensions: extensionsOf(error, undefined) }
}

function extensionsOf(error: SluiceError, authenticated: boolean | undefined): FormattedError['extensions'] {
  return { code: dabErrorCode(error.code, error.status, authenticated), sluiceCode: error.code, status: error.status }
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
