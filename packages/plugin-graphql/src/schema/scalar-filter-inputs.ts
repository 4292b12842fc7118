import {
  GraphQLBoolean, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLString, type GraphQLInputFieldConfigMap,
  type GraphQLScalarType,
} from 'graphql'
import type { ScalarType } from '@sluice/core'
import { graphqlScalar } from './scalars.js'

/** Operators a filter input offers, by kind of scalar (dab.md §4.2). */
type OperatorSet = 'ordered' | 'text' | 'equality' | 'nullOnly'

function operatorSet(type: ScalarType): OperatorSet {
  switch (type) {
    case 'string': case 'uuid': return 'text'
    case 'boolean': return 'equality'
    case 'bytes': case 'json': case 'array': case 'unknown': return 'nullOnly'
    default: return 'ordered'
  }
}

/**
 * `IntFilterInput`, `StringFilterInput`… — one per GraphQL scalar, created once per schema and shared by every entity
 * filter input that has a field of that scalar.
 */
export class ScalarFilterInputs {
  readonly #byScalar = new Map<string, GraphQLInputObjectType>()

  for(type: ScalarType): GraphQLInputObjectType {
    const scalar = graphqlScalar(type)
    const existing = this.#byScalar.get(scalar.name)
    if (existing !== undefined) return existing
    const created = new GraphQLInputObjectType({
      name: `${scalar.name}FilterInput`,
      description: `Conditions on a ${scalar.name} field; several are combined with and.`,
      fields: () => filterFields(scalar, operatorSet(type)),
    })
    this.#byScalar.set(scalar.name, created)
    return created
  }
}

function filterFields(scalar: GraphQLScalarType, set: OperatorSet): GraphQLInputFieldConfigMap {
  const fields: GraphQLInputFieldConfigMap = {}
  if (set !== 'nullOnly') {
    fields['eq'] = { type: scalar, description: 'Equals.' }
    fields['neq'] = { type: scalar, description: 'Does not equal.' }
  }
  if (set === 'ordered') {
    fields['gt'] = { type: scalar, description: 'Greater than.' }
    fields['gte'] = { type: scalar, description: 'Greater than or equal to.' }
    fields['lt'] = { type: scalar, description: 'Less than.' }
    fields['lte'] = { type: scalar, description: 'Less than or equal to.' }
  }
  if (set === 'text') {
    fields['contains'] = { type: GraphQLString, description: 'Contains the text (case follows the database collation).' }
    fields['notContains'] = { type: GraphQLString, description: 'Does not contain the text.' }
    fields['startsWith'] = { type: GraphQLString, description: 'Starts with the text.' }
    fields['endsWith'] = { type: GraphQLString, description: 'Ends with the text.' }
  }
  fields['isNull'] = { type: GraphQLBoolean, description: 'true: the field is null; false: it is not.' }
  if (set !== 'nullOnly') fields['in'] = { type: new GraphQLList(new GraphQLNonNull(scalar)), description: 'Equals one of the values.' }
  return fields
}
