import type { QueryPlan } from '../plan/query-plan.js'

/**
 * SQL text for one plan shape. `parameterOrder[i]` is the index into the plan's `parameters` of the value bound to
 * the i-th placeholder, so positional dialects (`?`) can reuse or reorder values.
 */
export interface CompiledSql {
  readonly sql: string
  readonly parameterOrder: readonly number[]
  /**
   * Execute plans only: how the statement returns the first result set — `json` (default): one row whose `data` is
   * the JSON array text; `rows`: the rows themselves, which core serializes (see `ExecutePlan`).
   */
  readonly result?: 'json' | 'rows' | undefined
}

/**
 * Turns plans into SQL. `compile` must be pure and depend only on the plan's shape: plans with equal `shapeKey`
 * must give equal SQL, because the execute stage caches SQL per (dialect, shapeKey). Values never appear in SQL
 * text; identifiers come only from the plan (that is, from config and introspected metadata) and are quoted here.
 */
export interface SqlCompiler {
  compile(plan: QueryPlan): CompiledSql
  /** The values for `compiled`'s placeholders, converted to what the driver expects. */
  bindParameters(plan: QueryPlan, compiled: CompiledSql): unknown[]
}
