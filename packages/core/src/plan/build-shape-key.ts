import type { QueryPlan } from './query-plan.js'

/**
 * The parameter-free identity of a plan's SQL: the plan tree without `parameters`. Values live only in
 * `parameters` (the tree holds indexes), so two plans with equal keys compile to equal SQL.
 */
export function buildShapeKey(plan: Omit<QueryPlan, 'shapeKey' | 'parameters'>): string {
  return JSON.stringify(plan)
}
