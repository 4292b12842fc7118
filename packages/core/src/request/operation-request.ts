import type { FilterNode } from '../filter/filter-node.js'
import type { RequestTerms } from './request-terms.js'

/**
 * What a caller wants, independent of protocol: `read`; `create` (REST POST); `replace` (PUT: the whole record) and
 * `merge` (PATCH: the given fields) — upserts unless `ifMatch` is `*`; `delete`; `execute` (run a stored procedure
 * with `parameters`; the result is a `ReadResult` whose JSON is the array of the first result set's rows).
 */
export type OperationKind = 'read' | 'create' | 'replace' | 'merge' | 'delete' | 'execute'

export interface OrderByItem {
  /** API-level field name. */
  readonly field: string
  readonly direction: 'asc' | 'desc'
}

/**
 * The protocol-neutral request every protocol builds from its wire format. All names are API-level names; values
 * are as the protocol received them (REST path segments are strings, GraphQL variables typed). Binding names to
 * the model, coercing values and every check happen in core's pipeline, so every protocol behaves the same.
 */
export interface OperationRequest {
  readonly operation: OperationKind
  readonly entity: string
  /** Key field → value, for by-key operations. */
  readonly key?: Readonly<Record<string, unknown>> | undefined
  readonly select?: readonly string[] | undefined
  readonly filter?: FilterNode | undefined
  readonly orderBy?: readonly OrderByItem[] | undefined
  /** Page size as given; `-1` means the configured maximum. Omitted means the default page size. */
  readonly first?: number | undefined
  /** Opaque cursor from a previous page. */
  readonly after?: string | undefined
  /** Field values to write (create, replace, merge), by API-level name, as the protocol received them. */
  readonly body?: Readonly<Record<string, unknown>> | undefined
  /**
   * The `If-Match` precondition as received (replace and merge). Only `*` is supported: update the row if it exists,
   * never insert. Any other value is refused, since Sluice keeps no ETags.
   */
  readonly ifMatch?: string | undefined
  /**
   * `execute` only: parameter name → value as the protocol received it (REST query-string text, JSON body values,
   * GraphQL arguments). Core binds them: coerces each to the parameter's type, applies config defaults, and answers
   * 400 for a missing required or an unknown parameter. Other request options (`select`, `filter`, `orderBy`,
   * `first`, `after`, `key`, `body`) are refused with 400 for procedures.
   */
  readonly parameters?: Readonly<Record<string, unknown>> | undefined
  /** Wording for error messages; defaults to REST's. */
  readonly terms?: RequestTerms | undefined
}
