import type { EntityModel, ParameterModel, RequestContext, ScalarType } from '@sluice/core/protocol'
import type { McpTool, ToolHost } from '../mcp-tool.js'
import type { ToolArguments } from '../read-arguments.js'
import { runProcedure } from '../run-procedure.js'
import type { ToolResult } from '../tool-result.js'

/**
 * The custom tool of a stored procedure with `mcp.custom-tool: true` (SPEC §Stored procedures rule 7): named after
 * the entity in snake_case (`GetBook` → `get_book`), described by the entity's description, its arguments the
 * procedure's parameters with their types, required flags, defaults and descriptions. It runs as `execute_entity`.
 */
export function procedureTool(host: ToolHost, entity: EntityModel): McpTool {
  const parameters = entity.procedure?.parameters ?? []
  const properties: Record<string, unknown> = {}
  for (const parameter of parameters) properties[parameter.name] = parameterSchema(parameter)
  const required = parameters.filter((p) => p.required).map((p) => p.name)
  return {
    name: toolNameOf(entity.name),
    description: entity.description ?? `Executes the ${entity.name} stored procedure`,
    inputSchema: { type: 'object', properties, ...(required.length === 0 ? {} : { required }) },
    call(args: ToolArguments, context: RequestContext): Promise<ToolResult> {
      return runProcedure(host.pipeline, entity, args, context)
    },
  }
}

/** `GetBook` → `get_book`, `getHTTPStatus` → `get_http_status`, `Books-By Year` → `books_by_year`. */
export function toolNameOf(entityName: string): string {
  return entityName
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase()
}

function parameterSchema(parameter: ParameterModel): Record<string, unknown> {
  const schema: Record<string, unknown> = { type: JSON_TYPES[parameter.type] }
  if (FORMATS[parameter.type] !== undefined) schema['format'] = FORMATS[parameter.type]
  const notes: string[] = []
  if (parameter.description !== undefined) notes.push(parameter.description)
  if (parameter.default !== undefined) {
    schema['default'] = parameter.default
    notes.push(`Default: ${JSON.stringify(parameter.default)}.`)
  }
  if (notes.length > 0) schema['description'] = notes.join(' ')
  return schema
}

/** 64-bit integers and decimals also accept strings, so no digits are lost on the way in. */
const JSON_TYPES: Readonly<Record<ScalarType, string | string[]>> = {
  string: 'string',
  uuid: 'string',
  byte: 'integer',
  short: 'integer',
  int: 'integer',
  long: ['integer', 'string'],
  single: 'number',
  float: 'number',
  decimal: ['number', 'string'],
  boolean: 'boolean',
  date: 'string',
  datetime: 'string',
  datetimeoffset: 'string',
  time: 'string',
  bytes: 'string',
  json: ['object', 'array', 'string', 'number', 'boolean'],
  array: 'array',
  unknown: ['string', 'number', 'boolean'],
}

const FORMATS: Partial<Record<ScalarType, string>> = {
  uuid: 'uuid',
  date: 'date',
  datetime: 'date-time',
  datetimeoffset: 'date-time',
  time: 'time',
  bytes: 'byte',
}
