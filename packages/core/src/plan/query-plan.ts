import type { SelectPlan } from './select-plan.js'

/** Every plan a dialect compiles. Adding a kind breaks the build until every {@link PlanVisitor} handles it. */
export type QueryPlan = SelectPlan

export type PlanKind = QueryPlan['kind']

/** Exhaustive dispatch over plan kinds. */
export type PlanVisitor<R> = { readonly [K in PlanKind]: (plan: Extract<QueryPlan, { kind: K }>) => R }

export function visitPlan<R>(plan: QueryPlan, visitor: PlanVisitor<R>): R {
  return (visitor[plan.kind] as (p: QueryPlan) => R)(plan)
}
