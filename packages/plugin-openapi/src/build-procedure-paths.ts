import type { ActionPermission, EntityModel, ParameterModel, RestMethod } from '@sluice/core/protocol'
import { errorResponses, headerParameterRefs } from './common-components.js'
import { operationName } from './component-names.js'
import type { DocumentBuilder } from './document-builder.js'
import { ref, type Parameter, type Response, type Schema } from './openapi-types.js'
import { recordSchema } from './record-schema.js'
import { scalarSchema } from './scalar-schema.js'

/**
 * A stored procedure's REST operations for a role holding `execute` (SPEC §Stored procedures rule 2): one per
 * method in `rest.methods` on the entity's path. Parameters are the same for every role: GET and DELETE take them
 * from the query string, POST, PUT and PATCH from a JSON body (`{Entity}_sp_request`), as REST reads them. The
 * response lists the first result set's rows (`{Entity}_sp_response`, the fields the role may access; any object
 * when the engine cannot describe the result before running it) with REST's statuses: POST 201, DELETE 204.
 */
export function buildProcedurePaths(
  builder: DocumentBuilder,
  entity: EntityModel,
  execute: ActionPermission,
  name: string,
  strict: boolean,
): void {
  const tag = entity.rest.path
  builder.addTag(tag, entity.description)
  const path = `/${entity.rest.path.split('/').map(encodeURIComponent).join('/')}`
  const parameters = entity.procedure?.parameters ?? []
  const resultFields = entity.procedure?.resultFields
  builder.addSchema(
    `${name}_sp_response`,
    resultFields === undefined
      ? { type: 'object', description: `A row of ${entity.name}'s first result set.`, additionalProperties: true }
      : recordSchema(
          resultFields.filter((f) => execute.fields.has(f.name)),
          { description: `A row of ${entity.name}'s first result set.`, closed: false },
        ),
  )
  const rows: Schema = {
    type: 'object',
    required: ['value'],
    properties: { value: { type: 'array', items: ref('schemas', `${name}_sp_response`) } },
  }
  const usesBody = entity.rest.methods.some((m) => !QUERY_METHODS.has(m))
  if (usesBody) builder.addSchema(`${name}_sp_request`, requestSchema(entity, parameters, strict))
  const described = entity.description === undefined ? {} : { description: entity.description }
  const op = operationName(name)
  for (const method of entity.rest.methods) {
    const inQuery = QUERY_METHODS.has(method)
    const requestBody = inQuery
      ? undefined
      : ({
          required: parameters.some((p) => p.required),
          content: { 'application/json': { schema: ref('schemas', `${name}_sp_request`) } },
        } as const)
    builder.addOperation(path, method, {
      tags: [tag],
      summary: `Execute ${entity.name}`,
      ...described,
      operationId: entity.rest.methods.length === 1 ? `execute${op}` : `execute${op}${verbName(method)}`,
      parameters: inQuery ? [...parameters.map(queryParameter), ...headerParameterRefs()] : headerParameterRefs(),
      ...(requestBody === undefined ? {} : { requestBody }),
      responses: { ...success(method, rows), ...errorResponses(['400', '401', '403', '500']) },
    })
  }
}

/** Methods whose parameters REST reads from the query string. */
const QUERY_METHODS: ReadonlySet<RestMethod> = new Set(['get', 'delete'])

function success(method: RestMethod, rows: Schema): Record<string, Response> {
  if (method === 'delete') return { '204': { description: 'Executed; DELETE returns no body.' } }
  return {
    [method === 'post' ? '201' : '200']: {
      description: 'The rows of the first result set.',
      content: { 'application/json': { schema: rows } },
    },
  }
}

function requestSchema(entity: EntityModel, parameters: readonly ParameterModel[], strict: boolean): Schema {
  const properties: Record<string, Schema> = {}
  const required: string[] = []
  for (const p of parameters) {
    properties[p.name] = parameterSchema(p)
    if (p.required) required.push(p.name)
  }
  const schema: { -readonly [K in keyof Schema]: Schema[K] } = {
    type: 'object',
    description: `Parameters of ${entity.name}.`,
    properties,
  }
  if (required.length > 0) schema.required = required
  if (strict) schema.additionalProperties = false
  return schema
}

function queryParameter(p: ParameterModel): Parameter {
  return { name: p.name, in: 'query', required: p.required, schema: parameterSchema(p), description: describe(p) }
}

/**
 * The parameter's type, with its config default in the description rather than as `default`: generators such as
 * openapi-typescript make a property with a `default` required in request bodies, so the keyword would force
 * callers to send what they may leave out.
 */
function parameterSchema(p: ParameterModel): Schema {
  return scalarSchema(p.type, { description: describe(p) })
}

function describe(p: ParameterModel): string {
  const text = p.description ?? `Parameter ${p.name}.`
  return p.default === undefined || p.default === null ? text : `${text} Default: ${String(p.default)}.`
}

function verbName(method: RestMethod): string {
  return method.charAt(0).toUpperCase() + method.slice(1)
}
