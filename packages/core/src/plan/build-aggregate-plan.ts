import type { BoundAggregate } from '../request/bound-aggregate.js'
import type { ParameterList } from './parameter-list.js'
import { columnOf, outputColumnOf } from './plan-structure.js'
import type { AggregatePlan, OrderTerm } from './select-plan.js'

/**
 * The group columns and aggregate expressions of an aggregation, at most `limit` groups; `having` values become
 * parameters (float8), then the offset (an integer parameter: a cursor's, so it varies per request).
 */
export function buildAggregatePlan(
  aggregate: BoundAggregate,
  alias: string,
  params: ParameterList,
  limit: number,
): AggregatePlan {
  const order: OrderTerm[] = aggregate.groupBy.map((_, i) => outputTerm(`g${i}`, 'asc'))
  if (aggregate.orderBy !== undefined)
    order.unshift(outputTerm(`a${aggregate.orderBy.index}`, aggregate.orderBy.direction))
  return {
    groupBy: aggregate.groupBy.map((f) => outputColumnOf(alias, f)),
    aggregations: aggregate.aggregations.map((a) => ({
      name: a.as,
      function: a.function,
      column: columnOf(alias, a.field),
      distinct: a.distinct,
      having: a.having.map((h) => ({
        op: h.op,
        values: (h.op === 'in' ? h.values : [h.value]).map((v) => params.add(v, 'float')),
      })),
    })),
    limit,
    offset: aggregate.offset === 0 ? undefined : params.add(aggregate.offset, 'int'),
    order,
  }
}

/** An output column of the grouping statement (derived table `x`), NULL lowest. */
function outputTerm(column: string, direction: 'asc' | 'desc'): OrderTerm {
  return { column: { kind: 'column', table: 'x', column }, direction, nullable: true }
}
