import type { SourceType } from './runtime-config.js'
import { didYouMean } from '../util/did-you-mean.js'
import { checkPermissions } from './check-permissions.js'
import type { ConfigReport } from './config-report.js'
import { findRestPathProblem } from './find-rest-path-problem.js'
import { formatConfigPath, type ConfigPath } from './format-config-path.js'
import { trimEntityRestPath } from './normalize-entity.js'
import { readSourceType } from './normalize-source.js'
import { isJsonObject, parseBooleanLike, readObject, type JsonObject } from './read-config-value.js'

/**
 * Semantic checks of one raw entity (after the schema): permissions, field lists, what only stored procedures
 * (or only tables) may carry, relationships and the custom REST path. Works on the raw JSON so every problem
 * names the exact path the user wrote.
 */
export function checkEntity(name: string, raw: unknown, entityNames: readonly string[], report: ConfigReport): void {
  if (!isJsonObject(raw)) return
  const path: ConfigPath = ['entities', name]
  const type = readSourceType(raw['source'])
  checkPermissions(raw['permissions'], type, [...path, 'permissions'], report)
  checkFields(raw, path, report)
  checkProcedureOnlyKeys(raw, type, path, report)
  checkRelationships(raw['relationships'], type, entityNames, [...path, 'relationships'], report)
  const rest = readObject(raw, 'rest')
  if (typeof rest?.['path'] === 'string') {
    const problem = findRestPathProblem(trimEntityRestPath(rest['path']), rest['path'])
    if (problem !== undefined) report.addProblem([...path, 'rest', 'path'], problem)
  }
}

function checkFields(entity: JsonObject, path: ConfigPath, report: ConfigReport): void {
  const fields = entity['fields']
  if (fields !== undefined && entity['mappings'] !== undefined) {
    report.addProblem(
      [...path, 'mappings'],
      'cannot be combined with fields; move each alias into fields as {"name": …, "alias": …}',
    )
  }
  if (fields !== undefined && readObject(entity, 'source')?.['key-fields'] !== undefined) {
    report.addProblem(
      [...path, 'source', 'key-fields'],
      'cannot be combined with fields; mark the key columns in fields with "primary-key": true',
    )
  }
  if (Array.isArray(fields)) checkFieldNames(fields, [...path, 'fields'], report)
  const mappings = readObject(entity, 'mappings')
  if (mappings !== undefined) {
    const aliases = new Map<string, string>()
    for (const [column, alias] of Object.entries(mappings)) {
      if (typeof alias !== 'string') continue
      const first = aliases.get(alias)
      if (first === undefined) aliases.set(alias, column)
      else report.addProblem([...path, 'mappings', column], `alias '${alias}' is already used for column '${first}'`)
    }
  }
}

/** Column names must be unique, and so must API names (the alias, or the column name when there is none). */
function checkFieldNames(fields: readonly unknown[], path: ConfigPath, report: ConfigReport): void {
  const names = new Map<string, number>()
  const apiNames = new Map<string, number>()
  fields.forEach((field, i) => {
    if (!isJsonObject(field) || typeof field['name'] !== 'string') return
    const name = field['name']
    const alias = typeof field['alias'] === 'string' ? field['alias'] : undefined
    const firstName = names.get(name)
    if (firstName !== undefined) {
      report.addProblem([...path, i, 'name'], `column '${name}' is listed twice (first at fields[${firstName}])`)
      return
    }
    names.set(name, i)
    const apiName = alias ?? name
    const firstApi = apiNames.get(apiName)
    if (firstApi === undefined) apiNames.set(apiName, i)
    else
      report.addProblem(
        [...path, i, alias === undefined ? 'name' : 'alias'],
        `API name '${apiName}' is already used by fields[${firstApi}]`,
      )
  })
}

function checkProcedureOnlyKeys(entity: JsonObject, type: SourceType, path: ConfigPath, report: ConfigReport): void {
  if (type === 'stored-procedure') return
  const source = readObject(entity, 'source')
  if (source?.['parameters'] !== undefined) {
    report.addProblem(
      [...path, 'source', 'parameters'],
      `parameters are only allowed for stored procedures (source.type is '${type}')`,
    )
  }
  if (readObject(entity, 'rest')?.['methods'] !== undefined) {
    report.addWarning(
      `${formatConfigPath([...path, 'rest', 'methods'])} has no effect: only stored procedures use it (source.type is '${type}').`,
    )
  }
  if (readObject(entity, 'graphql')?.['operation'] !== undefined) {
    report.addWarning(
      `${formatConfigPath([...path, 'graphql', 'operation'])} has no effect: only stored procedures use it (source.type is '${type}').`,
    )
  }
  if (parseBooleanLike(readObject(entity, 'mcp')?.['custom-tool']) === true) {
    report.addProblem(
      [...path, 'mcp', 'custom-tool'],
      `true is not allowed: custom-tool can only be enabled for stored procedures (source.type is '${type}')`,
    )
  }
}

function checkRelationships(
  relationships: unknown,
  type: SourceType,
  entityNames: readonly string[],
  path: ConfigPath,
  report: ConfigReport,
): void {
  if (!isJsonObject(relationships) || Object.keys(relationships).length === 0) return
  if (type !== 'table') {
    const kind = type === 'view' ? 'a view' : 'a stored procedure'
    report.addProblem(path, `relationships are not supported on ${kind} (allowed only when source.type is 'table')`)
  }
  for (const [name, relationship] of Object.entries(relationships)) {
    const target = isJsonObject(relationship) ? relationship['target.entity'] : undefined
    if (typeof target !== 'string' || target === '' || entityNames.includes(target)) continue
    const known = entityNames.length <= 10 ? entityNames.join(', ') : `${entityNames.slice(0, 10).join(', ')}, …`
    report.addProblem(
      [...path, name, 'target.entity'],
      `'${target}' is not an entity of this config (entities: ${known}).${didYouMean(target, entityNames)}`,
    )
  }
}
