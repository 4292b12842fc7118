import {
  GraphQLBoolean, GraphQLEnumType, GraphQLFloat, GraphQLInputObjectType, GraphQLInt, GraphQLList, GraphQLNonNull,
  GraphQLObjectType, type GraphQLFieldConfigMap,
} from 'graphql'
import { isNumericType, isOrderedType } from '@sluice/core'
import type { EntityTypes } from './entity-types.js'

/** `having` of an aggregation: conditions on the aggregated value, combined with and. */
export const HavingInput = new GraphQLInputObjectType({
  name: 'AggregationHavingInput',
  description: 'Conditions on an aggregated value (SQL HAVING); several are combined with and.',
  fields: {
    eq: { type: GraphQLFloat }, neq: { type: GraphQLFloat }, gt: { type: GraphQLFloat }, gte: { type: GraphQLFloat },
    lt: { type: GraphQLFloat }, lte: { type: GraphQLFloat }, in: { type: new GraphQLList(new GraphQLNonNull(GraphQLFloat)) },
  },
})

/** Marks the groups a list resolver computed on its connection value, by the `groupBy` field's response key. */
export const GROUPS = Symbol('groups')

/**
 * Data API builder 2.x aggregation (dab.md §4.4) as fields of `{T}Connection`:
 * `groupBy(fields: [{T}ScalarFields!]): [{T}GroupBy!]!`, each group with `fields` (the grouped values) and
 * `aggregations` (`max/min/avg/sum(field, having, distinct): Float`, `count(…): Int`). `undefined` when the entity has
 * no readable field to group or count.
 */
export function groupByFields(types: EntityTypes): GraphQLFieldConfigMap<unknown, unknown> {
  const readable = types.readFields ?? []
  const groupable = readable.filter((f) => isOrderedType(f.type))
  if (groupable.length === 0) return {}
  const numeric = readable.filter((f) => isNumericType(f.type))
  const name = types.names.type
  const scalarFields = new GraphQLEnumType({
    name: `${name}ScalarFields`,
    values: Object.fromEntries(groupable.map((f) => [f.name, { value: f.name, description: f.description }])),
  })
  const numericFields = numeric.length === 0 ? undefined : new GraphQLEnumType({
    name: `${name}NumericAggregateFields`,
    values: Object.fromEntries(numeric.map((f) => [f.name, { value: f.name, description: f.description }])),
  })
  const byKey = (source: unknown, _a: unknown, _c: unknown, info: { path: { key: string | number } }): unknown =>
    (source as Record<string, unknown>)[info.path.key as string] ?? null
  const aggregation = (type: typeof GraphQLFloat, field: GraphQLEnumType) => ({
    type,
    args: {
      field: { type: new GraphQLNonNull(field) },
      having: { type: HavingInput },
      distinct: { type: GraphQLBoolean, defaultValue: false },
    },
    resolve: byKey,
  })
  const aggregationFields: GraphQLFieldConfigMap<unknown, unknown> = { count: aggregation(GraphQLInt, scalarFields) }
  if (numericFields !== undefined) {
    for (const fn of ['max', 'min', 'avg', 'sum']) aggregationFields[fn] = aggregation(GraphQLFloat, numericFields)
  }
  const aggregations = new GraphQLObjectType({ name: `${name}Aggregations`, fields: aggregationFields })
  const group = new GraphQLObjectType({
    name: `${name}GroupBy`,
    fields: {
      fields: { type: new GraphQLNonNull(types.object), description: 'The grouped fields of this group.' },
      aggregations: { type: new GraphQLNonNull(aggregations), description: 'Aggregates over the rows of this group.' },
    },
  })
  return {
    groupBy: {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(group))),
      description: 'Groups of the filtered records with aggregates (all records form one group without fields).',
      args: { fields: { type: new GraphQLList(new GraphQLNonNull(scalarFields)) } },
      resolve: (source, _args, _context, info) => (source as { [GROUPS]?: Record<string, unknown> })[GROUPS]?.[info.path.key as string] ?? [],
    },
  }
}
