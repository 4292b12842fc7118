import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLFieldConfigMap,
  type GraphQLInputObjectType,
} from 'graphql'
import { isNumericType, type FieldModel, type ScalarType } from '@sluice/core/protocol'
import type { EntityTypes } from './entity-types.js'
import type { ScalarFilterInputs } from './scalar-filter-inputs.js'

/** Marks the groups a list resolver computed on its connection value, by the `groupBy` field's response key. */
export const GROUPS = Symbol('groups')

/** Data API builder's order for the `having` type: the widest numeric type among the entity's fields wins. */
const HAVING_PRECEDENCE: readonly ScalarType[] = ['decimal', 'float', 'single', 'long', 'int', 'short', 'byte']

/** The `having` argument's type: the filter input of the entity's widest numeric field (`DecimalFilterInput`…). */
function havingInput(numeric: readonly FieldModel[], filters: ScalarFilterInputs): GraphQLInputObjectType {
  const widest = HAVING_PRECEDENCE.find((type) => numeric.some((f) => f.type === type)) ?? numeric[0]!.type
  return filters.for(widest)
}

/**
 * Data API builder 2.x aggregation (dab.md §4.4) as fields of `{T}Connection`, with its types:
 * `groupBy(fields: [{T}ScalarFields!]): [{T}GroupBy!]!`; `{T}GroupBy { fields: T, aggregations: {T}Aggregations }`;
 * `{T}Aggregations { max min avg sum: Float, count: Int }`, each `(field: {T}NumericAggregateFields!, having:
 * {Widest}FilterInput, distinct: Boolean = false)`. As in Data API builder, the scalar-fields enum names every
 * readable field (core refuses, per request, to group by a type the database cannot compare), and an entity without
 * a numeric field has no `aggregations`. Sluice also counts `Single` (`real`) fields as numeric; array fields are not.
 */
export function groupByFields(
  types: EntityTypes,
  filters: ScalarFilterInputs,
): GraphQLFieldConfigMap<unknown, unknown> {
  const readable = types.readFields ?? []
  if (readable.length === 0) return {}
  const numeric = readable.filter((f) => isNumericType(f.type))
  const name = types.names.type
  const scalarFields = new GraphQLEnumType({
    name: `${name}ScalarFields`,
    description: `Scalar fields available in ${name}.`,
    values: Object.fromEntries(readable.map((f) => [f.name, { value: f.name, description: f.description }])),
  })
  const byKey = (source: unknown, _a: unknown, _c: unknown, info: { path: { key: string | number } }): unknown =>
    (source as Record<string, unknown>)[info.path.key as string] ?? null
  const groupFields: GraphQLFieldConfigMap<unknown, unknown> = {
    fields: { type: types.object, description: 'The grouped fields of this group.' },
  }
  if (numeric.length > 0) {
    const numericFields = new GraphQLEnumType({
      name: `${name}NumericAggregateFields`,
      description: `Fields available for aggregation in ${name}.`,
      values: Object.fromEntries(numeric.map((f) => [f.name, { value: f.name, description: f.description }])),
    })
    const having = havingInput(numeric, filters)
    const aggregation = (type: typeof GraphQLFloat, description: string) => ({
      type,
      description,
      args: {
        field: { type: new GraphQLNonNull(numericFields), description: 'Field to aggregate on.' },
        having: {
          type: having,
          description: 'Conditions on the aggregated value (SQL HAVING); several are combined with and.',
        },
        distinct: {
          type: GraphQLBoolean,
          defaultValue: false,
          description: 'Whether to aggregate distinct values only.',
        },
      },
      resolve: byKey,
    })
    const aggregations = new GraphQLObjectType({
      name: `${name}Aggregations`,
      description: `Aggregates over the rows of a ${name} group.`,
      fields: {
        max: aggregation(GraphQLFloat, 'Maximum value.'),
        min: aggregation(GraphQLFloat, 'Minimum value.'),
        avg: aggregation(GraphQLFloat, 'Average value.'),
        sum: aggregation(GraphQLFloat, 'Sum of values.'),
        count: aggregation(GraphQLInt, 'Number of non-null values.'),
      },
    })
    groupFields['aggregations'] = { type: aggregations, description: 'Aggregates over the rows of this group.' }
  }
  const group = new GraphQLObjectType({
    name: `${name}GroupBy`,
    description: `A group of ${name} records.`,
    fields: groupFields,
  })
  return {
    groupBy: {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(group))),
      description: 'Groups of the filtered records with aggregates (all records form one group without fields).',
      args: { fields: { type: new GraphQLList(new GraphQLNonNull(scalarFields)), description: 'Fields to group by.' } },
      resolve: (source, _args, _context, info) =>
        (source as { [GROUPS]?: Record<string, unknown> })[GROUPS]?.[info.path.key as string] ?? [],
    },
  }
}
