import type { HostMode } from '../config/runtime-config.js'
import type { Logger } from './logger.js'
import type { Principal } from './principal.js'
import type { RequestBudget } from './request-budget.js'
import type { RequestTransaction } from './request-transaction.js'

export type { Principal } from './principal.js'

export const ANONYMOUS_PRINCIPAL: Principal = Object.freeze({
  authenticated: false,
  roles: Object.freeze([]),
  claims: Object.freeze({}),
})

/**
 * Per-request data with a fixed shape, created once per request by the server before a protocol handler runs.
 * Nothing adds fields to it later; stages pass it along unchanged.
 */
export interface RequestContext {
  readonly requestId: string
  readonly principal: Principal
  /** The effective role, lower-cased: `anonymous`, `authenticated` or a custom role the principal holds. */
  readonly role: string
  readonly mode: HostMode
  readonly log: Logger
  readonly signal: AbortSignal | undefined
  /**
   * The protocol route that received the request sends read results as they arrive (`RouteDefinition.streamsReads`),
   * so a large page may come back as a stream (`ReadResult.stream`). Unset elsewhere: results are always whole.
   */
  readonly streamReads?: boolean | undefined
  /**
   * The statements and rows this request may still cause, shared by every operation of one HTTP request (see
   * {@link RequestBudget}). Created by the server per request; absent means each operation is bounded on its own.
   */
  readonly budget?: RequestBudget | undefined
  /**
   * Set only on the copy of the context a multi-statement write runs its statements with (multiple create): they
   * run in this transaction. Unset for every other request.
   */
  readonly transaction?: RequestTransaction | undefined
  /**
   * The request's `Cache-Control` header (several lines joined with commas), read by the response cache:
   * `no-cache`, `no-store` and `only-if-cached`. Set by the server only when `runtime.cache.enabled`.
   */
  readonly cacheControl?: string | undefined
}
