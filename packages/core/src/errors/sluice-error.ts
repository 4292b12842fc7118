import { ErrorCodes, type ErrorCode } from './error-codes.js'

const BRAND = Symbol.for('sluice.error')

/** Values substituted into an error code's message template. */
export type ErrorParams = Readonly<Record<string, string | number | boolean | null | undefined>>

export interface SluiceErrorOptions {
  /** The foreign error this one wraps (a driver error, a parse error…); logged, never sent to clients. */
  readonly cause?: unknown
  /** Extra detail shown only in development mode (for example the database's own message). */
  readonly devDetail?: string
  /** Where in the request the problem is (a GraphQL path, a JSON path in a body…). */
  readonly path?: readonly (string | number)[]
}

/**
 * The only error type pipeline stages and plugins throw. It carries a registered code (see `ErrorCodes`), from which
 * the HTTP status, the wire code and the message follow. Identify it with {@link isSluiceError} and its `code`,
 * never with `instanceof` (two copies of @sluice/core may be loaded).
 */
export class SluiceError extends Error {
  override readonly name = 'SluiceError'
  readonly code: ErrorCode
  readonly status: number
  readonly wireCode: string
  readonly params: ErrorParams
  readonly devDetail: string | undefined
  readonly path: readonly (string | number)[] | undefined

  constructor(code: ErrorCode, params: ErrorParams = {}, options: SluiceErrorOptions = {}) {
    const def = ErrorCodes[code]
    super(formatTemplate(def.template, params), options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.status = def.status
    this.wireCode = def.wire
    this.params = params
    this.devDetail = options.devDetail
    this.path = options.path
    ;(this as unknown as Record<symbol, boolean>)[BRAND] = true
  }
}

/** True for any `SluiceError`, including one created by another copy of @sluice/core. */
export function isSluiceError(value: unknown): value is SluiceError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true
}

/** Fills `{name}` placeholders; unknown placeholders stay visible so a missing param is noticed in review. */
export function formatTemplate(template: string, params: ErrorParams): string {
  return template.replace(/\{([a-zA-Z]+)\}/g, (whole, key: string) => {
    const v = params[key]
    return v === undefined ? whole : String(v)
  })
}
