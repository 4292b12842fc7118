import { getNamedType, isEnumType, isObjectType, isScalarType, type GraphQLSchema } from 'graphql'
import type { ServiceModel } from '@sluice/core/protocol'
import { entityNames } from '../schema/entity-names.js'

/** List queries the starting document shows, and fields per record. */
const MAX_QUERIES = 2
const MAX_FIELDS = 4

/**
 * The document GraphiQL opens with, instead of GraphiQL's stock welcome text: a page of the first entities that
 * anonymous callers may read (else that `authenticated` callers may), each with a few of the fields that role may
 * read — a query that runs as it stands for that role.
 */
export function buildDefaultQuery(schema: GraphQLSchema, model: ServiceModel): string {
  for (const role of ['anonymous', 'authenticated']) {
    const lists = listQueries(schema, model, role)
    if (lists.length > 0) {
      const header =
        `# Sluice GraphQL: the first entities ${role} callers may read` +
        (role === 'anonymous' ? '.\n' : ' (send X-MS-API-ROLE: authenticated).\n') +
        '# Run with Ctrl-Enter; the Docs pane lists every query and mutation.\n'
      return `${header}{\n${lists.join('\n')}\n}\n`
    }
  }
  return '# Sluice GraphQL: no entity is readable by anonymous or authenticated callers.\n{\n  __typename\n}\n'
}

function listQueries(schema: GraphQLSchema, model: ServiceModel, role: string): string[] {
  const roots = schema.getQueryType()?.getFields() ?? {}
  const lists: string[] = []
  for (const entity of model.entities.values()) {
    if (lists.length === MAX_QUERIES) break
    const permission = entity.graphql.enabled ? entity.permissions.resolve(role, 'read') : undefined
    const root = permission === undefined ? undefined : roots[entityNames(entity).list]
    const connection = root === undefined ? undefined : getNamedType(root.type)
    const items = isObjectType(connection) ? connection.getFields()['items'] : undefined
    const type = items === undefined ? undefined : getNamedType(items.type)
    if (type === undefined || !isObjectType(type)) continue
    const fields = Object.values(type.getFields())
      .filter((f) => permission!.fields.has(f.name) && f.args.length === 0)
      .filter((f) => isScalarType(getNamedType(f.type)) || isEnumType(getNamedType(f.type)))
      .slice(0, MAX_FIELDS)
      .map((f) => f.name)
    if (fields.length === 0) continue
    const selection = fields.join('\n      ')
    lists.push(
      `  ${root!.name}(first: 5) {\n    items {\n      ${selection}\n    }\n    hasNextPage\n    endCursor\n  }`,
    )
  }
  return lists
}
