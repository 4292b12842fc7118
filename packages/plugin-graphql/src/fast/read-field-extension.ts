import type { GraphQLField } from 'graphql'
import type { EntityTypes } from '../schema/entity-types.js'

/**
 * Marks a root query field that reads records (`books`, `book_by_pk`), so the fast path can recognise it from the
 * schema alone. Set in the field's `extensions` under {@link READ_FIELD}.
 */
export interface ReadFieldExtension {
  readonly kind: 'list' | 'byKey'
  readonly types: EntityTypes
}

export const READ_FIELD = 'sluiceRead'

export function readFieldExtension(field: GraphQLField<unknown, unknown>): ReadFieldExtension | undefined {
  return field.extensions[READ_FIELD] as ReadFieldExtension | undefined
}
