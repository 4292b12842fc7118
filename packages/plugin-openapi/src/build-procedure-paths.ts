import type { ActionPermission, EntityModel, ParameterModel, RestMethod } from '@sluice/core'
import { errorResponses, headerParameterRefs } from './common-components.js'
import { operationName } from './component-names.js'
import type { DocumentBuilder } from './document-builder.js'
import { ref, type Parameter, type Schema } from './openapi-types.js'
import { recordSchema } from './record-schema.js'
import { scalarSchema } from './scalar-schema.js'

/**
 * A stored procedure's REST operations for a role holding `execute` (SPEC §Stored procedures rule 2): one per
 * method in `rest.methods` on the entity's path. Parameters are the same for every role: GET takes them from the
 * query string, the other methods from a JSON body (`{Entity}_sp_request`). The response lists the first result
 * set's rows (`{Entity}_sp_response`, the fields the role may access; any object when the engine cannot describe
 * the result before running it).
 */
export function buildProcedurePaths(builder: DocumentBuilder, entity: EntityModel, execute: ActionPermission, name: string, strict: boolean): void {
  const tag = entity.rest.path
  builder.addTag(tag, entity.description)
  const path = `/${entity.rest.path.split('/').map(encodeURIComponent).join('/')}`
  const parameters = entity.procedure?.parameters ?? []
  const resultFields = entity.procedure?.resultFields
  builder.addSchema(`${name}_sp_response`, resultFields === undefined
    ? { type: 'object', description: `A row of ${entity.name}'s first result set.`, additionalProperties: true }
    : recordSchema(resultFields.filter((f) => execute.fields.has(f.name)), { description: `A row of ${entity.name}'s first result set.`, closed: false }))
  const rows: Schema = { type: 'object', required: ['value'], properties: { value: { type: 'array', items: ref('schemas', `${name}_sp_response`) } } }
  const usesBody = entity.rest.methods.some((m) => m !== 'get')
  if (usesBody) builder.addSchema(`${name}_sp_request`, requestSchema(entity, parameters, strict))
  const described = entity.description === undefined ? {} : { description: entity.description }
  const op = operationName(name)
  for (const method of entity.rest.methods) {
    const inQuery = method === 'get'
    const requestBody = inQuery ? undefined : {
      required: parameters.some((p) => p.required),
      content: { 'application/json': { schema: ref('schemas', `${name}_sp_request`) } },
    } as const
    builder.addOperation(path, method, {
      tags: [tag], summary: `Execute ${entity.name}`, ...described,
      operationId: entity.rest.methods.length === 1 ? `execute${op}` : `execute${op}${verbName(method)}`,
      parameters: inQuery ? [...parameters.map(queryParameter), ...headerParameterRefs()] : headerParameterRefs(),
      ...(requestBody === undefined ? {} : { requestBody }),
      responses: { '200': { description: 'The rows of the first result set.', content: { 'application/json': { schema: rows } } }, ...errorResponses(['400', '401', '403', '500']) },
    })
  }
}

function requestSchema(entity: EntityModel, parameters: readonly ParameterModel[], strict: boolean): Schema {
  const properties: Record<string, Schema> = {}
  const required: string[] = []
  for (const p of parameters) {
    properties[p.name] = parameterSchema(p)
    if (p.required) required.push(p.name)
  }
  const schema: { -readonly [K in keyof Schema]: Schema[K] } = { type: 'object', description: `Parameters of ${entity.name}.`, properties }
  if (required.length > 0) schema.required = required
  if (strict) schema.additionalProperties = false
  return schema
}

function queryParameter(p: ParameterModel): Parameter {
  return { name: p.name, in: 'query', required: p.required, schema: parameterSchema(p), description: describe(p) }
}

function parameterSchema(p: ParameterModel): Schema {
  const schema = scalarSchema(p.type, { nullable: !p.required, description: p.description })
  return p.default === undefined || p.default === null ? schema : { ...schema, default: p.default }
}

function describe(p: ParameterModel): string {
  const text = p.description ?? `Parameter ${p.name}.`
  return p.default === undefined ? text : `${text} Default: ${JSON.stringify(p.default)}.`
}

function verbName(method: RestMethod): string {
  return method.charAt(0).toUpperCase() + method.slice(1)
}
