import { getArgumentValues, type GraphQLObjectType } from 'graphql'
import type { AggregateFunction, AggregateRequest, AggregationItem, HavingCondition } from '@sluice/core'
import { collectSubfields, type CollectedField, type SelectionScope } from './collect-fields.js'

const FUNCTIONS: ReadonlySet<string> = new Set(['count', 'sum', 'avg', 'min', 'max'])
const HAVING_OPS = { eq: 'eq', neq: 'ne', gt: 'gt', gte: 'ge', lt: 'lt', lte: 'le' } as const

/**
 * One `groupBy(fields: …) { fields { … } aggregations { alias: fn(field:, distinct:, having:) } }` selection as
 * core's aggregate request. Each aggregation is keyed by its response key, which is where core writes its value.
 */
export function buildAggregate(groupBy: CollectedField, connection: GraphQLObjectType, scope: SelectionScope): AggregateRequest {
  const definition = connection.getFields()['groupBy']!
  const args = getArgumentValues(definition, groupBy.nodes[0]!, scope.variableValues as Record<string, unknown>)
  const fields = (args['fields'] as readonly string[] | null | undefined) ?? []
  const aggregations: AggregationItem[] = []
  const aggregationNodes = collectSubfields(groupBy.nodes, scope).filter((f) => f.name === 'aggregations').flatMap((f) => f.nodes)
  if (aggregationNodes.length > 0) {
    const groupType = (definition.type as unknown as { ofType: { ofType: { ofType: GraphQLObjectType } } }).ofType.ofType.ofType
    const aggregationsType = (groupType.getFields()['aggregations']!.type as unknown as { ofType: GraphQLObjectType }).ofType
    for (const item of collectSubfields(aggregationNodes, scope)) {
      if (!FUNCTIONS.has(item.name)) continue
      const itemArgs = getArgumentValues(aggregationsType.getFields()[item.name]!, item.nodes[0]!, scope.variableValues as Record<string, unknown>)
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

function buildHaving(input: Readonly<Record<string, unknown>> | null | undefined): HavingCondition[] | undefined {
  if (input === null || input === undefined) return undefined
  const out: HavingCondition[] = []
  for (const [op, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue
    if (op === 'in') out.push({ op: 'in', values: value as number[] })
    else out.push({ op: HAVING_OPS[op as keyof typeof HAVING_OPS], value: value as number })
  }
  return out.length === 0 ? undefined : out
}
