import type { FilterNode } from '../filter/filter-node.js'
import type { AggregateRequest } from './aggregate-request.js'
import type { RequestTerms } from './request-terms.js'

/**
 * What a caller wants, independent of protocol: `read`; `create` (REST POST); `replace` (PUT: the whole record) and
 * `merge` (PATCH: the given fields) — upserts unless `ifMatch` is `*`, and both need `create` as well as `update`
 * (SPEC §REST paths); `update` (the given fields of an existing row, never an insert, so `update` permission alone
 * suffices: GraphQL update mutations, MCP `update_record`, as in Data API builder); `delete`; `execute` (run a stored procedure
 * with `parameters`; the result is a `ReadResult` whose JSON is the array of the first result set's rows).
 */
export type OperationKind = 'read' | 'create' | 'replace' | 'merge' | 'update' | 'delete' | 'execute'

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
  /**
   * List reads: also count the records that match `filter` and the row policy, whatever `first` and `after` say
   * (`ReadResult.count`), in the same statement. Refused (400) with a key, with aggregation and for procedures.
   */
  readonly count?: boolean | undefined
  /**
   * List reads: `false` when the caller will read neither whether another page exists nor its cursor (a GraphQL
   * selection without `hasNextPage` and `endCursor`). The page then reads exactly `first` rows instead of one more,
   * and `ReadResult.hasNextPage` is false and `endCursor` null whatever follows. Default: true.
   */
  readonly pageInfo?: boolean | undefined
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
  /**
   * Related records to nest into each returned record (reads only: list and by-key). The nested values are built in
   * the database, in the same statement as the root rows, and written into each record under `as`.
   */
  readonly relations?: readonly RelationSelection[] | undefined
  /**
   * Group and aggregate instead of returning records (list reads only; `filter` applies first, `orderBy`, `first`
   * and `after` do not apply). See {@link AggregateRequest} for the result's shape.
   */
  readonly aggregate?: AggregateRequest | undefined
  /**
   * Multiple create (operation `create` only): several records inserted in one transaction, all or none. Exclusive
   * with `body`. Each record — and `body` — may also hold related records under a relationship's name (nested
   * create): an object for cardinality `one`, an array of objects for `many`; a related record's own relationships
   * may nest further. Nested create and `items` need `runtime.graphql.multiple-mutations.create.enabled` and a
   * dialect with `capabilities.multipleCreate`; otherwise a relationship name in a body is refused as an unknown
   * field. The result is a `WriteResult` whose `json` array holds every root record created, in order, as the
   * caller may read it (with `relations` nested when given).
   */
  readonly items?: readonly Readonly<Record<string, unknown>>[] | undefined
}

/**
 * One relationship to nest under each record of a read. The caller's role needs `read` on the target entity; the
 * target's field access applies to `select`, `filter` and `orderBy` (a forbidden field is the same 400 an unknown
 * field gets) and the target's row policy restricts the nested rows.
 *
 * The nested value, under the key `as`:
 * - cardinality `one`: the related object, or `null` when there is none;
 * - cardinality `many`: `{ "items": [...], "hasNextPage": boolean, "endCursor": string | null }` — a page per parent
 *   record, ordered by `orderBy` then the target's key, `first` rows (default page size; `-1` the maximum).
 *   `after` takes an `endCursor` from a nested connection of the same relationship and ordering; it applies to
 *   every parent's list alike (keyset: rows after those ordering values).
 * `filter`, `orderBy`, `first` and `after` are refused (400) on a `one` relationship.
 */
export interface RelationSelection {
  /** Relationship name on the parent's entity (`EntityModel.relationships`). */
  readonly relationship: string
  /** The response key the nested value is written under (the GraphQL response alias, else the relationship name). */
  readonly as: string
  /** API-level field names of the target to return; omitted means every field the role may read. */
  readonly select?: readonly string[] | undefined
  readonly filter?: FilterNode | undefined
  readonly orderBy?: readonly OrderByItem[] | undefined
  readonly first?: number | undefined
  readonly after?: string | undefined
  /**
   * `many` only: also count the parent's related records that match `filter` and the target's row policy (not
   * `after`); the connection object then carries `"totalCount": n`. Refused (400) on a `one` relationship.
   */
  readonly count?: boolean | undefined
  /**
   * `many` only: `false` when the caller will not read this page's `endCursor` (a GraphQL selection without it). The
   * record then carries `null` instead of a signed cursor, which saves an HMAC per parent record. Default: true.
   */
  readonly endCursor?: boolean | undefined
  /**
   * `many` only: `false` when the caller reads neither `hasNextPage` nor `endCursor` (a GraphQL selection of `items`
   * alone). The connection object is then `{ "items": [...] }` (and `"totalCount"` when counted): the database
   * builds no paging values, and a protocol can copy the object's text as it stands. Default: true.
   */
  readonly pageInfo?: boolean | undefined
  /**
   * `many` only: `true` when the caller writes a list as the array of its items (REST, MCP). The value may then be
   * that array itself when the page holds the parent's last related record and no count is asked; otherwise, and
   * wherever a dialect does not do this, it is the connection object. A caller reads either form. Default: false.
   */
  readonly arrayWhenComplete?: boolean | undefined
  /** Relationships of the target to nest in turn. */
  readonly relations?: readonly RelationSelection[] | undefined
}
