import type { BoundAggregate } from '../request/bound-aggregate.js'
import type { ParameterList } from './parameter-list.js'
import { columnOf, outputColumnOf } from './plan-structure.js'
import type { AggregatePlan } from './select-plan.js'

/** The group columns and aggregate expressions of an aggregation; `having` values become parameters (float8). */
export function buildAggregatePlan(aggregate: BoundAggregate, alias: string, params: ParameterList): AggregatePlan {
  return {
    groupBy: aggregate.groupBy.map((f) => outputColumnOf(alias, f)),
    aggregations: aggregate.aggregations.map((a) => ({
      name: a.as,
      function: a.function,
      column: columnOf(alias, a.field),
      distinct: a.distinct,
      having: a.having.map((h) => ({ op: h.op, values: (h.op === 'in' ? h.values : [h.value]).map((v) => params.add(v, 'float')) })),
    })),
  }
}
