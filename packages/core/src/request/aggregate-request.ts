import type { ComparisonOperator } from '../filter/filter-node.js'

/** Aggregate functions of Data API builder 2.x (dab.md §4.4). */
export type AggregateFunction = 'count' | 'sum' | 'avg' | 'min' | 'max'

/**
 * Group and aggregate the rows a list read selects (after its `filter` and the row policy), as Data API builder
 * 2.x's `groupBy(fields: [...]) { fields { … } aggregations { … } }` does. Every field named here must be readable
 * by the caller (else the same 400 an unknown field gets). Needs `runtime.graphql.enable-aggregation` (default
 * true) for GraphQL; core itself does not read that flag, so MCP's `aggregate_records` works regardless.
 *
 * At most `OperationRequest.first` groups are built (the default page size when omitted, the maximum for `-1`), as
 * Data API builder applies a list's `first` to its groups; `after` does not apply, `offset` skips groups instead.
 *
 * Result: a `ReadResult` (`hasNextPage` false, `endCursor` null) whose `json` is an array with one object per group,
 * ordered by the group fields ascending (or by `orderBy`):
 * `{ "fields": { <groupBy field>: value, … }, "aggregations": { <as>: number | null, … } }`.
 * Without `groupBy` there is exactly one group over all rows (`fields` is `{}`). `count` is an integer; `sum`, `avg`,
 * `min`, `max` are JSON numbers (Data API builder types them Float), `null` over no non-null values.
 */
export interface AggregateRequest {
  /** API-level field names to group by, in order; may be empty. */
  readonly groupBy: readonly string[]
  /** At least one unless `groupBy` is non-empty. */
  readonly aggregations: readonly AggregationItem[]
  /** Order the groups by an aggregation's value (named by its `as`), ties by the group fields; NULL is lowest. */
  readonly orderBy?: { readonly aggregation: string; readonly direction: 'asc' | 'desc' } | undefined
  /** Groups to skip before the first one returned (an offset cursor over groups); default 0. */
  readonly offset?: number | undefined
}

export interface AggregationItem {
  /** The key in the group's `aggregations` object (GraphQL response alias, else the function name); unique. */
  readonly as: string
  readonly function: AggregateFunction
  /**
   * API-level field name. `sum`, `avg`, `min`, `max` need a numeric field (Data API builder's
   * `NumericAggregateFields`); `count` takes any field and counts its non-null values.
   */
  readonly field: string
  /** Aggregate distinct values only (`count(DISTINCT x)`). */
  readonly distinct?: boolean | undefined
  /** Keep only groups whose aggregate value passes every condition (SQL `HAVING`); combined with AND. */
  readonly having?: readonly HavingCondition[] | undefined
}

/** One condition of a `having` input: `{ gt: 1 }` → `{ op: 'gt', value: 1 }`; `{ in: [1, 2] }` → `{ op: 'in', values }`. */
export type HavingCondition =
  | { readonly op: ComparisonOperator; readonly value: number }
  | { readonly op: 'in'; readonly values: readonly number[] }
