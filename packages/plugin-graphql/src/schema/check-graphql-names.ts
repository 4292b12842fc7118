import { SluiceError, type EntityModel } from '@sluice/core'
import { entityNames } from './entity-names.js'
import { isGraphQLName, suggestGraphQLName } from './graphql-name.js'

/**
 * Refuses, at start-up, a model GraphQL cannot publish: an entity type name, a field, relationship or parameter name
 * that is not a legal GraphQL name, or two entities whose generated names collide. Each problem says how to fix it:
 * an alias (`fields[].alias`), `graphql.type`, or `graphql.enabled: false`.
 */
export function checkGraphQLNames(published: readonly EntityModel[]): void {
  const problems: string[] = []
  const owners = new Map<string, string>()
  for (const entity of published) {
    const names = entityNames(entity)
    const at = `entities.${entity.name}`
    for (const [what, name] of [['singular', names.type], ['plural', names.plural]] as const) {
      if (!isGraphQLName(name)) {
        problems.push(`${at}: the GraphQL ${what} type name '${name}' is not a valid GraphQL name; set graphql.type.${what} (for example '${suggestGraphQLName(name)}') or graphql.enabled: false.`)
      }
    }
    for (const generated of [names.type, names.list, names.byKey]) {
      const owner = owners.get(generated)
      if (owner !== undefined && owner !== entity.name) {
        problems.push(`${at}: the GraphQL name '${generated}' is also generated for entity ${owner}; give one of them another graphql.type.`)
      }
      owners.set(generated, entity.name)
    }
    for (const field of entity.fields) {
      if (!isGraphQLName(field.name)) {
        problems.push(`${at}: field '${field.name}' is not a valid GraphQL name; give column '${field.column}' an alias in fields (for example "alias": "${suggestGraphQLName(field.name)}").`)
      }
    }
    for (const name of entity.relationships.keys()) {
      if (!isGraphQLName(name)) problems.push(`${at}.relationships: '${name}' is not a valid GraphQL name; rename the relationship (for example '${suggestGraphQLName(name)}').`)
      else if (entity.fieldsByName.has(name)) problems.push(`${at}.relationships: '${name}' has the name of a field of the entity; rename the relationship.`)
    }
    for (const parameter of entity.procedure?.parameters ?? []) {
      if (!isGraphQLName(parameter.name)) problems.push(`${at}.source.parameters: '${parameter.name}' is not a valid GraphQL argument name.`)
    }
  }
  if (problems.length > 0) {
    throw new SluiceError('SLUICE_ERR_GRAPHQL_SCHEMA', { count: problems.length, problems: problems.map((p) => `  - ${p}`).join('\n') })
  }
}
