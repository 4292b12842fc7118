import {
  GraphQLBoolean,
  GraphQLInputObjectType,
  GraphQLList,
  type GraphQLInputFieldConfigMap,
  type GraphQLScalarType,
} from 'graphql'
import type { ScalarType } from '@sluice/core/protocol'
import { graphqlScalar } from './scalars.js'

/** Operators a filter input offers, by kind of scalar (dab.md §4.2). */
type OperatorSet = 'ordered' | 'text' | 'equality' | 'nullOnly'

function operatorSet(type: ScalarType): OperatorSet {
  switch (type) {
    case 'string':
    case 'uuid':
      return 'text'
    case 'boolean':
      return 'equality'
    case 'bytes':
    case 'json':
    case 'array':
    case 'unknown':
      return 'nullOnly'
    default:
      return 'ordered'
  }
}

/**
 * Data API builder's filter input names: `{Scalar}FilterInput`, except UUID's, which Data API builder spells
 * `UuidFilterInput` (StandardQueryInputs.cs). A client's document may name these types in variable declarations.
 */
export function filterInputName(scalar: GraphQLScalarType): string {
  return scalar.name === 'UUID' ? 'UuidFilterInput' : `${scalar.name}FilterInput`
}

/**
 * `IntFilterInput`, `StringFilterInput`… — one per GraphQL scalar, created once per schema and shared by every entity
 * filter input that has a field of that scalar (and by aggregation `having` arguments).
 */
export class ScalarFilterInputs {
  readonly #byScalar = new Map<string, GraphQLInputObjectType>()

  for(type: ScalarType): GraphQLInputObjectType {
    const scalar = graphqlScalar(type)
    const existing = this.#byScalar.get(scalar.name)
    if (existing !== undefined) return existing
    const created = new GraphQLInputObjectType({
      name: filterInputName(scalar),
      description: `Conditions on a ${scalar.name} field; several are combined with and.`,
      fields: () => filterFields(scalar, operatorSet(type)),
    })
    this.#byScalar.set(scalar.name, created)
    return created
  }
}

/**
 * The operators with Data API builder's types, in its order: every operand, the text operators' included, has the
 * field's own scalar (a UUID filter's `contains` takes a `UUID`), and `in` takes `[T]` — nullable items, so a client
 * that declares `($ids: [Int]!)` validates; null items match nothing, as in SQL.
 */
function filterFields(scalar: GraphQLScalarType, set: OperatorSet): GraphQLInputFieldConfigMap {
  const fields: GraphQLInputFieldConfigMap = {}
  if (set !== 'nullOnly') fields['eq'] = { type: scalar, description: 'Equals (null: the field is null).' }
  if (set === 'ordered') {
    fields['gt'] = { type: scalar, description: 'Greater than.' }
    fields['gte'] = { type: scalar, description: 'Greater than or equal to.' }
    fields['lt'] = { type: scalar, description: 'Less than.' }
    fields['lte'] = { type: scalar, description: 'Less than or equal to.' }
  }
  if (set === 'text') {
    fields['contains'] = {
      type: scalar,
      description: 'Contains the text (case follows the database collation unless caseInsensitive).',
    }
    fields['notContains'] = { type: scalar, description: 'Does not contain the text.' }
    fields['startsWith'] = { type: scalar, description: 'Starts with the text.' }
    fields['endsWith'] = { type: scalar, description: 'Ends with the text.' }
  }
  if (set !== 'nullOnly') fields['neq'] = { type: scalar, description: 'Does not equal (null: the field is not null).' }
  fields['isNull'] = { type: GraphQLBoolean, description: 'true: the field is null; false: it is not.' }
  if (set !== 'nullOnly') fields['in'] = { type: new GraphQLList(scalar), description: 'Equals one of the values.' }
  if (scalar.name === 'String') {
    fields['caseInsensitive'] = {
      type: GraphQLBoolean,
      description:
        "true: eq, neq, in, contains, notContains, startsWith and endsWith ignore case (both sides lower-cased, as REST's tolower()); default false.",
    }
  }
  return fields
}
