import { getArgumentValues, getNamedType, type GraphQLObjectType } from 'graphql'
import {
  SluiceError,
  type AggregateFunction,
  type AggregateRequest,
  type AggregationItem,
  type HavingCondition,
} from '@sluice/core/protocol'
import { collectSubfields, type CollectedField, type SelectionScope } from './collect-fields.js'

const FUNCTIONS: ReadonlySet<string> = new Set(['count', 'sum', 'avg', 'min', 'max'])
const HAVING_OPS = { eq: 'eq', neq: 'ne', gt: 'gt', gte: 'ge', lt: 'lt', lte: 'le' } as const

/**
 * One `groupBy(fields: …) { fields { … } aggregations { alias: fn(field:, distinct:, having:) } }` selection as
 * core's aggregate request. Each aggregation is keyed by its response key, which is where core writes its value.
 */
export function buildAggregate(
  groupBy: CollectedField,
  connection: GraphQLObjectType,
  scope: SelectionScope,
): AggregateRequest {
  const definition = connection.getFields()['groupBy']!
  const args = getArgumentValues(definition, groupBy.nodes[0]!, scope.variableValues as Record<string, unknown>)
  const fields = (args['fields'] as readonly string[] | null | undefined) ?? []
  checkGroupFieldSelection(groupBy, fields, scope)
  const aggregations: AggregationItem[] = []
  const aggregationNodes = collectSubfields(groupBy.nodes, scope)
    .filter((f) => f.name === 'aggregations')
    .flatMap((f) => f.nodes)
  if (aggregationNodes.length > 0) {
    const groupType = getNamedType(definition.type) as GraphQLObjectType
    const aggregationsType = getNamedType(groupType.getFields()['aggregations']!.type) as GraphQLObjectType
    for (const item of collectSubfields(aggregationNodes, scope)) {
      if (!FUNCTIONS.has(item.name)) continue
      const itemArgs = getArgumentValues(
        aggregationsType.getFields()[item.name]!,
        item.nodes[0]!,
        scope.variableValues as Record<string, unknown>,
      )
      aggregations.push({
        as: item.responseKey,
        function: item.name as AggregateFunction,
        field: itemArgs['field'] as string,
        distinct: itemArgs['distinct'] === true,
        having: buildHaving(itemArgs['having'] as Readonly<Record<string, unknown>> | null | undefined),
      })
    }
  }
  return { groupBy: fields, aggregations }
}

/**
 * A group's `fields { … }` holds the values it is grouped by, so it may select only fields named in `groupBy(fields:)`
 * (Data API builder's rule and message); any other field has no single value per group.
 */
function checkGroupFieldSelection(groupBy: CollectedField, grouped: readonly string[], scope: SelectionScope): void {
  const selected = collectSubfields(groupBy.nodes, scope)
    .filter((f) => f.name === 'fields')
    .flatMap((f) => f.nodes)
  for (const field of collectSubfields(selected, scope)) {
    if (field.name === '__typename' || grouped.includes(field.name)) continue
    throw new SluiceError('SLUICE_ERR_INVALID_AGGREGATE', {
      detail: `Groupby fields in selection must match the fields in the groupby argument: '${field.name}' is not grouped by.`,
    })
  }
}

/**
 * `having` is the entity's widest numeric filter input (Data API builder's type): comparisons and `in` become
 * core's conditions; `Long` and `Decimal` values arrive as text and compare as numbers (core compares aggregates
 * as floating point). Null operators and null `in` items add no condition. `isNull` has no counterpart in core's
 * aggregation: refused with a 400 rather than ignored.
 */
function buildHaving(input: Readonly<Record<string, unknown>> | null | undefined): HavingCondition[] | undefined {
  if (input === null || input === undefined) return undefined
  const out: HavingCondition[] = []
  for (const [op, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue
    if (op === 'isNull') {
      throw new SluiceError('SLUICE_ERR_INVALID_AGGREGATE', {
        detail: 'having does not support isNull; an aggregate over a group is null only when every value is null.',
      })
    }
    if (op === 'in') out.push({ op: 'in', values: (value as readonly unknown[]).filter((v) => v !== null).map(Number) })
    else out.push({ op: HAVING_OPS[op as keyof typeof HAVING_OPS], value: Number(value) })
  }
  return out.length === 0 ? undefined : out
}
