import type {
  EntityConfig,
  EntityGraphQLConfig,
  EntitySubscriptionConfig,
  EntityRestConfig,
  FieldConfig,
  RelationshipConfig,
} from './runtime-config.js'
import type { ConfigReport } from './config-report.js'
import { CACHE_LEVELS, CHANGE_KINDS, REST_METHODS } from './entity-schema.js'
import { formatConfigPath, type ConfigPath } from './format-config-path.js'
import { normalizePermissions } from './normalize-permissions.js'
import { normalizeSource } from './normalize-source.js'
import {
  isJsonObject,
  parseBooleanLike,
  parseIntegerLike,
  parseWord,
  readBoolean,
  readInteger,
  readObject,
  readString,
  readStringArray,
  type JsonObject,
} from './read-config-value.js'

/**
 * One raw entity → `EntityConfig`, with every shorthand expanded and every default applied. `dataSource` names the
 * data source of the file that defines it (see `RuntimeConfig.dataSources`).
 */
export function normalizeEntity(name: string, raw: unknown, report: ConfigReport, dataSource: string): EntityConfig {
  const entity: JsonObject = isJsonObject(raw) ? raw : {}
  const path: ConfigPath = ['entities', name]
  return {
    name,
    dataSource,
    description: readString(entity, 'description'),
    source: normalizeSource(entity['source'], [...path, 'source'], report),
    fields: normalizeFields(entity, path, report),
    rest: normalizeRest(entity['rest']),
    graphql: normalizeGraphQL(entity['graphql']),
    permissions: normalizePermissions(entity['permissions']),
    relationships: normalizeRelationships(entity['relationships']),
    cache: normalizeEntityCache(readObject(entity, 'cache')),
    mcp: normalizeMcp(entity['mcp']),
    health: {
      enabled: readBoolean(entity['health'], 'enabled', true),
      first: readInteger(entity['health'], 'first', 100),
      thresholdMs: readInteger(entity['health'], 'threshold-ms', 1000),
    },
  }
}

/** An entity's `cache` (or an autoentities template's): what is not set inherits `runtime.cache`. */
export function normalizeEntityCache(cache: JsonObject | undefined): EntityConfig['cache'] {
  return {
    enabled: cache === undefined ? undefined : parseBooleanLike(cache['enabled']),
    ttlSeconds: cache === undefined ? undefined : parseIntegerLike(cache['ttl-seconds']),
    level: parseWord(cache?.['level'], CACHE_LEVELS),
  }
}

/** `fields`, or the deprecated `mappings` `{column: alias}` and `source.key-fields` converted to fields. */
function normalizeFields(entity: JsonObject, path: ConfigPath, report: ConfigReport): FieldConfig[] {
  if (Array.isArray(entity['fields'])) {
    return entity['fields'].filter(isJsonObject).map((field) => ({
      name: readString(field, 'name') ?? '',
      alias: readString(field, 'alias'),
      description: readString(field, 'description'),
      primaryKey: readBoolean(field, 'primary-key', false),
    }))
  }
  const mappings = readObject(entity, 'mappings')
  const keyFields = readStringArray(entity['source'], 'key-fields')
  if (mappings !== undefined) {
    report.addWarning(
      `${formatConfigPath([...path, 'mappings'])} is deprecated; use "fields": [{"name": …, "alias": …}] instead.`,
    )
  }
  if (keyFields !== undefined) {
    report.addWarning(
      `${formatConfigPath([...path, 'source', 'key-fields'])} is deprecated; use "fields": [{"name": …, "primary-key": true}] instead.`,
    )
  }
  const aliases = new Map(Object.entries(mappings ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'))
  const keys = new Set(keyFields ?? [])
  const toField = (column: string): FieldConfig => ({
    name: column,
    alias: aliases.get(column),
    description: undefined,
    primaryKey: keys.has(column),
  })
  // Key columns first, in key-fields order (that order is the composite key's order), then the other mapped columns.
  return [...keys, ...[...aliases.keys()].filter((column) => !keys.has(column))].map(toField)
}

function normalizeRest(rest: unknown): EntityRestConfig {
  const flag = parseBooleanLike(rest)
  if (flag !== undefined || !isJsonObject(rest)) return { enabled: flag ?? true, path: undefined, methods: undefined }
  const path = readString(rest, 'path')
  const methods = Array.isArray(rest['methods']) ? rest['methods'] : undefined
  return {
    enabled: readBoolean(rest, 'enabled', true),
    path: path === undefined ? undefined : trimEntityRestPath(path),
    methods: methods?.map((m) => parseWord(m, REST_METHODS)).filter((m) => m !== undefined),
  }
}

/** An entity's `rest.path` as stored: without one leading and any trailing `/`. */
export function trimEntityRestPath(path: string): string {
  return path.replace(/^\//, '').replace(/\/+$/, '')
}

function normalizeGraphQL(graphql: unknown): EntityGraphQLConfig {
  const none = { singular: undefined, plural: undefined, operation: undefined, subscription: NO_SUBSCRIPTION }
  const flag = parseBooleanLike(graphql)
  if (flag !== undefined) return { enabled: flag, ...none }
  if (typeof graphql === 'string') return { ...none, enabled: true, singular: graphql }
  if (!isJsonObject(graphql)) return { enabled: true, ...none }
  const type = graphql['type']
  return {
    enabled: readBoolean(graphql, 'enabled', true),
    singular: typeof type === 'string' ? type : readString(type, 'singular'),
    plural: readString(type, 'plural'),
    operation: parseWord(graphql['operation'], ['query', 'mutation'] as const),
    subscription: normalizeSubscription(graphql['subscription']),
  }
}

const NO_SUBSCRIPTION: EntitySubscriptionConfig = Object.freeze({ enabled: false, events: Object.freeze([]) })

/** `graphql.subscription`: `true`, or `{ enabled, events }`; events default to every kind. */
function normalizeSubscription(raw: unknown): EntitySubscriptionConfig {
  const flag = parseBooleanLike(raw)
  if (flag !== undefined) return flag ? { enabled: true, events: CHANGE_KINDS } : NO_SUBSCRIPTION
  if (!isJsonObject(raw)) return NO_SUBSCRIPTION
  const listed = Array.isArray(raw['events'])
    ? raw['events'].map((e) => parseWord(e, CHANGE_KINDS)).filter((e) => e !== undefined)
    : undefined
  return {
    enabled: readBoolean(raw, 'enabled', true),
    events: listed === undefined || listed.length === 0 ? CHANGE_KINDS : [...new Set(listed)],
  }
}

function normalizeRelationships(relationships: unknown): Map<string, RelationshipConfig> {
  const out = new Map<string, RelationshipConfig>()
  if (!isJsonObject(relationships)) return out
  for (const [name, raw] of Object.entries(relationships)) {
    out.set(name, {
      name,
      cardinality: parseWord(readString(raw, 'cardinality'), ['one', 'many'] as const) ?? 'many',
      targetEntity: readString(raw, 'target.entity') ?? '',
      sourceFields: readStringArray(raw, 'source.fields') ?? [],
      targetFields: readStringArray(raw, 'target.fields') ?? [],
      linkingObject: readString(raw, 'linking.object'),
      linkingSourceFields: readStringArray(raw, 'linking.source.fields') ?? [],
      linkingTargetFields: readStringArray(raw, 'linking.target.fields') ?? [],
    })
  }
  return out
}

/** `mcp: true` enables the DML tools only; `false` disables everything; the object form defaults to `{true, false}`. */
export function normalizeMcp(mcp: unknown): EntityConfig['mcp'] {
  const flag = parseBooleanLike(mcp)
  if (flag !== undefined) return { dmlTools: flag, customTool: false }
  return { dmlTools: readBoolean(mcp, 'dml-tools', true), customTool: readBoolean(mcp, 'custom-tool', false) }
}
