import type { QualifiedName } from './database-metadata.js'

export type RelationshipCardinality = 'one' | 'many'

/**
 * A relationship of an entity (config `entities.<name>.relationships.<relationship>`), resolved at start-up: the
 * join fields come from config or, when config leaves them out, from the foreign keys the introspector found
 * (either direction; a linking object's two foreign keys for many-to-many). Frozen, like the rest of the model.
 *
 * Join semantics, position by position:
 * - without `linking`: `source.sourceFields[i] = target.targetFields[i]`;
 * - with `linking`: `source.sourceFields[i] = linking.sourceColumns[i]` and `linking.targetColumns[j] = target.targetFields[j]`.
 */
export interface RelationshipModel {
  /** The relationship's name: the GraphQL field name, and the name `RelationSelection.relationship` uses. */
  readonly name: string
  /** The entity the relationship is declared on. */
  readonly source: string
  /** The related entity's name (`target.entity`). */
  readonly target: string
  readonly cardinality: RelationshipCardinality
  /** API-level field names on the source entity. */
  readonly sourceFields: readonly string[]
  /** API-level field names on the target entity, as many as `sourceFields` without linking. */
  readonly targetFields: readonly string[]
  /** Database columns of `sourceFields` (core and dialects only). */
  readonly sourceColumns: readonly string[]
  /** Database columns of `targetFields` (core and dialects only). */
  readonly targetColumns: readonly string[]
  /** Many-to-many (or one through a linking object): the linking object and its columns on each side. */
  readonly linking: LinkingModel | undefined
  /**
   * For cardinality `one`: whether the related object can be absent (a nullable source join field, a join that
   * does not follow a foreign key from source to target, or a linking object). GraphQL types the field nullable
   * when true. Always true for `many` (an empty connection is still an object, so protocols may ignore it).
   */
  readonly nullable: boolean
}

export interface LinkingModel {
  /** The linking table or view, resolved (schema filled in). */
  readonly object: QualifiedName
  /** Linking columns matched with the source's `sourceFields`, in order. */
  readonly sourceColumns: readonly string[]
  /** Linking columns matched with the target's `targetFields`, in order. */
  readonly targetColumns: readonly string[]
}
