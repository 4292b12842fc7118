import { CORE_VERSION, type ServiceModel } from '@sluice/core/protocol'
import { buildProcedurePaths } from './build-procedure-paths.js'
import { buildTablePaths, hasTableAccess, tableAccess } from './build-table-paths.js'
import { buildExpandable } from './expand-docs.js'
import { commonParameters, commonResponses, commonSchemas, ERROR_SCHEMA } from './common-components.js'
import { ComponentNames } from './component-names.js'
import { DocumentBuilder } from './document-builder.js'
import { documentSecurity } from './document-security.js'
import type { OpenApiDocument } from './openapi-types.js'
import { reachableComponents } from './reachable-components.js'

export const DOCUMENT_TITLE = 'Sluice REST API'

/** The document describes the interface Sluice generates (its title and version are Sluice's): Sluice's license. */
export const DOCUMENT_LICENSE = { name: 'MIT', url: 'https://opensource.org/license/mit' } as const

/**
 * The OpenAPI 3.0.1 document of the REST endpoint as one role sees it (SPEC §OpenAPI rule 4): only entities with
 * REST enabled, only the operations the role may perform, only the fields it may access. The server URL is the
 * runtime REST path, so every path is relative to it (`/Book`, `/books/reviews/book_id/{book_id}/id/{id}`).
 */
export function buildOpenApiDocument(model: ServiceModel, role: string): OpenApiDocument {
  const rest = model.config.runtime.rest
  const builder = new DocumentBuilder()
  const names = new ComponentNames([ERROR_SCHEMA])
  for (const entity of model.entities.values()) {
    if (!entity.rest.enabled) continue
    if (entity.kind === 'stored-procedure') {
      const execute = entity.permissions.resolve(role, 'execute')
      if (execute !== undefined)
        buildProcedurePaths(builder, entity, execute, names.of(entity.name), rest.requestBodyStrict)
      continue
    }
    const access = tableAccess(entity, role)
    if (!hasTableAccess(access)) continue
    const expandable = access.read === undefined ? [] : buildExpandable(entity, model, role, names)
    buildTablePaths(builder, entity, access, names.of(entity.name), rest.requestBodyStrict, expandable)
  }
  const { security, securitySchemes } = documentSecurity(model.config.runtime.host.authentication, role)
  const components = reachableComponents(builder.pathItems, {
    schemas: { ...commonSchemas(), ...builder.schemas },
    parameters: commonParameters(role),
    responses: commonResponses(),
  })
  return {
    openapi: '3.0.1',
    info: {
      title: DOCUMENT_TITLE,
      version: CORE_VERSION,
      description: `The REST endpoint as the role \`${role}\` sees it: only the entities, operations and fields that role may use.`,
      license: DOCUMENT_LICENSE,
    },
    // Behind Static Web Apps (runtime.base-route) clients reach the endpoint under the base route.
    servers: [
      { url: `${model.config.runtime.baseRoute ?? ''}${rest.path}`, description: 'The REST endpoint on this server.' },
    ],
    tags: builder.tags,
    paths: builder.pathItems,
    security,
    components: securitySchemes === undefined ? components : { ...components, securitySchemes },
  }
}
