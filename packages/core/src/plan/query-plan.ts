import type { ExecutePlan } from './execute-plan.js'
import type { SelectPlan } from './select-plan.js'
import type { DeletePlan, InsertPlan, UpdatePlan, UpsertPlan } from './write-plan.js'

/**
 * Every plan a dialect compiles to one statement. Adding a kind breaks the build until every {@link PlanVisitor}
 * handles it.
 */
export type QueryPlan = SelectPlan | InsertPlan | UpdatePlan | UpsertPlan | DeletePlan | ExecutePlan

export type PlanKind = QueryPlan['kind']

/** Exhaustive dispatch over plan kinds. */
export type PlanVisitor<R> = { readonly [K in PlanKind]: (plan: Extract<QueryPlan, { kind: K }>) => R }

export function visitPlan<R>(plan: QueryPlan, visitor: PlanVisitor<R>): R {
  return (visitor[plan.kind] as (p: QueryPlan) => R)(plan)
}

/**
 * An upsert where no single statement can do it (no native upsert, or a key without a unique constraint, as on
 * views): core runs `update`, and `insert` when no row was updated, in one transaction, retrying once if a
 * concurrent insert won the race. Dialects never compile it.
 */
export interface UpdateOrInsertPlan {
  readonly kind: 'updateOrInsert'
  readonly update: UpdatePlan
  readonly insert: InsertPlan
  /**
   * Set when the update has a row policy: reads the key without it. When the update wrote nothing and this finds
   * the row, the policy hides an existing row — the write is refused (403) instead of inserting a duplicate key.
   */
  readonly hidden: SelectPlan | undefined
}

/** What the plan stage hands to the execute stage. */
export type ExecutionPlan = QueryPlan | UpdateOrInsertPlan
