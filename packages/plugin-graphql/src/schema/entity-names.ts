import type { EntityModel } from '@sluice/core/protocol'
import { pluralize } from '@sluice/core/protocol'

/**
 * The GraphQL names generated for one entity, following Data API builder (dab.md §4.1): the singular is
 * `graphql.type.singular` or the entity name, the plural `graphql.type.plural` or the singular pluralized; query
 * fields lower-case the first letter, mutation names only add a prefix (`createBook`, `updateBook`).
 */
export interface EntityNames {
  readonly type: string
  readonly plural: string
  readonly list: string
  readonly byKey: string
  readonly create: string
  /** `create{Plural}`, or `create{Singular}Multiple` when plural and singular are equal. */
  readonly createMany: string
  readonly update: string
  readonly delete: string
  readonly execute: string
  readonly connection: string
  readonly filterInput: string
  readonly orderByInput: string
  readonly createInput: string
  readonly updateInput: string
}

export function entityNames(entity: EntityModel): EntityNames {
  const type = entity.graphql.singular ?? entity.name
  const plural = entity.graphql.plural ?? pluralize(type)
  return {
    type,
    plural,
    list: lowerFirst(plural),
    byKey: `${lowerFirst(type)}_by_pk`,
    create: `create${type}`,
    createMany: plural === type ? `create${type}Multiple` : `create${plural}`,
    update: `update${type}`,
    delete: `delete${type}`,
    execute: `execute${type}`,
    connection: `${type}Connection`,
    filterInput: `${type}FilterInput`,
    orderByInput: `${type}OrderByInput`,
    createInput: `Create${type}Input`,
    updateInput: `Update${type}Input`,
  }
}

export function lowerFirst(name: string): string {
  return name.length === 0 ? name : name[0]!.toLowerCase() + name.slice(1)
}
