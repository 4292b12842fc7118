import { SluiceError } from '../errors/sluice-error.js'
import { isOrderedType, type ScalarType } from '../model/scalar-type.js'
import type { EntityModel, FieldModel } from '../model/service-model.js'
import type { AggregateFunction, AggregateRequest, HavingCondition } from './aggregate-request.js'

/** An `AggregateRequest` bound to the entity's fields (see aggregate-request.ts for the result's shape). */
export interface BoundAggregate {
  readonly groupBy: readonly FieldModel[]
  readonly aggregations: readonly BoundAggregation[]
  /** Order by the value of `aggregations[index]`, then by the group fields; undefined: by the group fields. */
  readonly orderBy: { readonly index: number; readonly direction: 'asc' | 'desc' } | undefined
  readonly offset: number
}

export interface BoundAggregation {
  readonly as: string
  readonly function: AggregateFunction
  readonly field: FieldModel
  readonly distinct: boolean
  readonly having: readonly HavingCondition[]
}

const NUMERIC: ReadonlySet<ScalarType> = new Set(['byte', 'short', 'int', 'long', 'single', 'float', 'decimal'])
const FUNCTIONS: ReadonlySet<string> = new Set(['count', 'sum', 'avg', 'min', 'max'])
const HAVING_OPS: ReadonlySet<string> = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in'])

/**
 * Binds an aggregation to the entity: group fields must be orderable (they order the groups), `sum`/`avg`/`min`/`max`
 * need numeric fields (Data API builder's NumericAggregateFields), `having` values must be finite numbers. Field
 * names that do not exist get the unknown-field 400; the field-filter stage then checks they are readable.
 */
export function bindAggregate(aggregate: AggregateRequest, entity: EntityModel): BoundAggregate {
  const field = (name: string, place: string): FieldModel => {
    const f = entity.fieldsByName.get(name)
    if (f === undefined) throw new SluiceError('SLUICE_ERR_INVALID_FIELD', { field: name, place })
    return f
  }
  const invalid = (detail: string): SluiceError => new SluiceError('SLUICE_ERR_INVALID_AGGREGATE', { detail })
  const seen = new Set<string>()
  const groupBy = aggregate.groupBy.map((name) => {
    const f = field(name, 'groupBy')
    if (seen.has(f.name)) throw invalid(`field '${f.name}' appears more than once in groupBy.`)
    if (!isOrderedType(f.type)) throw invalid(`field '${f.name}' (${f.dbType}) cannot be grouped by.`)
    seen.add(f.name)
    return f
  })
  if (groupBy.length === 0 && aggregate.aggregations.length === 0)
    throw invalid('name groupBy fields or at least one aggregation.')
  const keys = new Set<string>()
  const aggregations = aggregate.aggregations.map((item) => {
    if (!FUNCTIONS.has(item.function))
      throw invalid(`unknown function '${String(item.function)}'; use count, sum, avg, min or max.`)
    const f = field(item.field, `the aggregation function '${item.function}'`)
    if (item.function !== 'count' && !NUMERIC.has(f.type))
      throw invalid(`${item.function} needs a numeric field; '${f.name}' is ${f.dbType}.`)
    if (item.function === 'count' && !isOrderedType(f.type))
      throw invalid(`field '${f.name}' (${f.dbType}) cannot be counted.`)
    if (keys.has(item.as)) throw invalid(`the response key '${item.as}' is used twice.`)
    keys.add(item.as)
    const having = item.having ?? []
    for (const condition of having) {
      if (!HAVING_OPS.has(condition.op)) throw invalid(`unknown having operator '${String(condition.op)}'.`)
      const values = condition.op === 'in' ? condition.values : [condition.value]
      if (!Array.isArray(values) || values.some((v) => typeof v !== 'number' || !Number.isFinite(v))) {
        throw invalid(`having values of '${item.as}' must be finite numbers.`)
      }
    }
    return { as: item.as, function: item.function, field: f, distinct: item.distinct === true, having }
  })
  const offset = aggregate.offset ?? 0
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw invalid('the offset over groups must be a non-negative integer.')
  return { groupBy, aggregations, orderBy: bindGroupOrder(aggregate, aggregations, invalid), offset }
}

function bindGroupOrder(
  aggregate: AggregateRequest,
  aggregations: readonly BoundAggregation[],
  invalid: (detail: string) => SluiceError,
): BoundAggregate['orderBy'] {
  if (aggregate.orderBy === undefined) return undefined
  const { aggregation, direction } = aggregate.orderBy
  const index = aggregations.findIndex((a) => a.as === aggregation)
  if (index < 0) throw invalid(`the groups are ordered by '${aggregation}', which is not one of the aggregations.`)
  if (direction !== 'asc' && direction !== 'desc')
    throw invalid(`order direction '${String(direction)}' must be asc or desc.`)
  return { index, direction }
}
