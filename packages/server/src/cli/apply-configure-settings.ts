import { redactConnectionString } from '@sluice/core/dialect'
import { CliError } from './cli-error.js'
import { isJsonObject, objectAt, type JsonObject } from './config-document.js'
import { CONFIGURE_SETTINGS, type ConfigureSetting } from './configure-settings.js'
import { FOREIGN_DATABASE_TYPES } from './dialect-database-types.js'
import { findUriPathProblem } from './find-uri-path-problem.js'
import type { VerbOptions } from './verb-options.js'

const TOOL_FLAG =
  /^runtime\.mcp\.dml-tools\.(describe-entities|create-record|read-records|update-record|delete-record|execute-entity|aggregate-records)(\.query-timeout)?$/
const MCP_TOOLS = [
  'describe-entities',
  'create-record',
  'read-records',
  'update-record',
  'delete-record',
  'execute-entity',
  'aggregate-records',
]
const LOG_LEVELS = ['trace', 'debug', 'information', 'warning', 'error', 'critical', 'none']

interface Log {
  info(message: string): void
  warn(message: string): void
}

/**
 * `dab configure`: writes each given setting into `config` (changed in place) with Data API builder's checks, keeping
 * every key no flag names (`dab` rebuilds `data-source.options` from the flags alone, losing the others). Throws
 * `CliError` on the first invalid value; nothing is written then.
 */
export function applyConfigureSettings(
  config: JsonObject,
  options: VerbOptions,
  databaseTypes: readonly string[],
  log: Log,
): void {
  const values = new Map<string, unknown>()
  for (const setting of CONFIGURE_SETTINGS) {
    const value = readSetting(options, setting)
    if (value !== undefined) values.set(setting.flag, value)
  }
  if (values.size === 0)
    throw new CliError("No setting to change: pass at least one option ('sluice configure --help' lists them).")
  const handled = new Set<string>()
  const take = (flag: string): unknown => {
    handled.add(flag)
    return values.get(flag)
  }

  applyDataSource(config, values, take, databaseTypes)
  applyMcpTools(config, values, take)
  applyLogLevels(config, take('runtime.telemetry.log-level') as string[] | undefined)
  const depth = values.get('runtime.graphql.depth-limit')
  if (depth === -1) log.warn('Depth limit set to -1 removes the GraphQL query depth limit.')
  if ([...values.keys()].some((f) => f.startsWith('runtime.health.')) && !values.has('runtime.health.enabled')) {
    const health = readObject(config, ['runtime', 'health'])
    if (health?.['enabled'] === undefined) values.set('runtime.health.enabled', true)
  }
  for (const [flag, value] of values) {
    if (handled.has(flag)) continue
    const setting = CONFIGURE_SETTINGS.find((s) => s.flag === flag)!
    setAt(config, hostPath(config, setting.path ?? flag.split('.')), value)
  }
  if ([...values.keys()].some((f) => f.startsWith('runtime.embeddings.')))
    checkEmbeddings(readObject(config, ['runtime', 'embeddings']) ?? {})
  for (const [flag, value] of values) log.info(`Updated RuntimeConfig with ${flag} as '${describeValue(flag, value)}'`)
}

/** A value as the log line shows it: passwords in connection strings and API keys are masked. */
function describeValue(flag: string, value: unknown): string {
  if (flag.endsWith('connection-string')) return redactConnectionString(String(value))
  if (flag.endsWith('api-key')) return '***'
  return Array.isArray(value) ? value.join(',') : String(value)
}

function readSetting(options: VerbOptions, setting: ConfigureSetting): unknown {
  const { flag } = setting
  switch (setting.kind) {
    case 'boolean':
      return options.boolean(flag)
    case 'string':
      return options.string(flag)
    case 'list':
      return options.list(flag, ',')
    case 'choice':
      return options.choice(flag, setting.choices ?? [])
    case 'path': {
      const path = options.string(flag)
      const problem = path === undefined ? undefined : findUriPathProblem(path)
      if (problem !== undefined)
        throw new CliError(`Failed to update RuntimeConfig with ${flag} as '${path}'. Error details: ${problem}`)
      return path
    }
    case 'integer': {
      if (setting.minusOne === true && options.string(flag)?.trim() === '-1') return -1
      if (flag === 'runtime.graphql.depth-limit' && (options.integer(flag) ?? 1) < 1) {
        throw new CliError(
          'Invalid depth limit. Specify a depth limit > 0 or remove the existing depth limit by specifying -1.',
        )
      }
      return options.integer(flag, { min: setting.min, max: setting.max })
    }
  }
}

function applyDataSource(
  config: JsonObject,
  values: Map<string, unknown>,
  take: (flag: string) => unknown,
  databaseTypes: readonly string[],
): void {
  const dataSource = objectAt(config, 'data-source')
  const given = take('data-source.database-type') as string | undefined
  if (given !== undefined) {
    const type = given.trim().toLowerCase()
    if (FOREIGN_DATABASE_TYPES.includes(type) || !databaseTypes.includes(type)) {
      throw new CliError(`Invalid database type '${given}'. Supported values: ${databaseTypes.join(', ')}.`)
    }
    dataSource['database-type'] = type
  }
  const type = String(dataSource['database-type'] ?? '').toLowerCase()
  if (['database', 'container', 'schema'].some((key) => values.has(`data-source.options.${key}`))) {
    throw new CliError('Database, Container, and Schema options are only applicable for CosmosDB_NoSQL database type.')
  }
  if (values.has('data-source.options.set-session-context') && type !== 'mssql' && type !== 'dwsql') {
    throw new CliError('SetSessionContext option is only applicable for MSSQL/DWSQL database type.')
  }
  const delegated = ['enabled', 'database-audience', 'provider'].map((key) => `data-source.user-delegated-auth.${key}`)
  if (delegated.some((flag) => values.has(flag))) {
    const existing = isJsonObject(dataSource['user-delegated-auth']) ? dataSource['user-delegated-auth'] : {}
    const enabled = (take(delegated[0]!) as boolean | undefined) ?? existing['enabled'] ?? false
    if (enabled === true && type !== 'mssql')
      throw new CliError("user-delegated-auth is only supported for database-type 'mssql'.")
    const audience = (take(delegated[1]!) as string | undefined) ?? existing['database-audience']
    dataSource['user-delegated-auth'] = {
      ...existing,
      enabled,
      provider: (take(delegated[2]!) as string | undefined) ?? existing['provider'] ?? 'EntraId',
      ...(audience === undefined ? {} : { 'database-audience': audience }),
    }
  }
}

/** `--runtime.mcp.dml-tools.enabled` switches all tools; the per-tool flags turn a boolean `dml-tools` into the object form. */
function applyMcpTools(config: JsonObject, values: Map<string, unknown>, take: (flag: string) => unknown): void {
  const toolFlags = [...values.keys()].filter((flag) => TOOL_FLAG.test(flag))
  if (toolFlags.length === 0) return
  if (values.has('runtime.mcp.dml-tools.enabled')) {
    throw new CliError(
      '--runtime.mcp.dml-tools.enabled sets every tool at once; it cannot be combined with the per-tool flags.',
    )
  }
  const mcp = objectAt(objectAt(config, 'runtime'), 'mcp')
  const current = mcp['dml-tools']
  // a boolean stood for every tool: spell it out, so switching one tool leaves the others as they were
  const tools: JsonObject =
    typeof current === 'boolean'
      ? Object.fromEntries(MCP_TOOLS.map((tool) => [tool, current]))
      : isJsonObject(current)
        ? { ...current }
        : {}
  for (const flag of toolFlags) {
    const [, tool, timeout] = TOOL_FLAG.exec(flag)!
    const value = take(flag)
    const old = tools[tool!]
    if (timeout !== undefined)
      tools[tool!] = {
        ...(isJsonObject(old) ? old : typeof old === 'boolean' ? { enabled: old } : {}),
        'query-timeout': value,
      }
    else tools[tool!] = isJsonObject(old) ? { ...old, enabled: value } : value
  }
  mcp['dml-tools'] = tools
}

/** `--runtime.telemetry.log-level "Default:Warning,Azure.DataApiBuilder:Debug"`, merged into `runtime.telemetry.log-level`. */
function applyLogLevels(config: JsonObject, entries: readonly string[] | undefined): void {
  if (entries === undefined) return
  const levels = objectAt(objectAt(objectAt(config, 'runtime'), 'telemetry'), 'log-level')
  for (const entry of entries) {
    const at = entry.indexOf(':')
    if (at < 0) throw new CliError(`Invalid log-level format '${entry}'. Expected 'Namespace:Level'.`)
    const namespace = entry.slice(0, at).trim()
    const level = entry
      .slice(at + 1)
      .trim()
      .toLowerCase()
    if (namespace === '')
      throw new CliError("Invalid log-level entry: namespace cannot be empty. Use 'Default:Level' for the root filter.")
    if (!LOG_LEVELS.includes(level))
      throw new CliError(`Invalid log level '${entry.slice(at + 1).trim()}'. Allowed values: ${LOG_LEVELS.join(', ')}.`)
    levels[namespace] = level
  }
}

/** What Data API builder requires of an embeddings section once any of its flags is used. */
function checkEmbeddings(embeddings: JsonObject): void {
  const need = (key: string, flag: string, what: string): void => {
    if (embeddings[key] === undefined || embeddings[key] === '') {
      throw new CliError(
        `Failed to configure embeddings: ${what} is required. Use --runtime.embeddings.${flag} to specify it.`,
      )
    }
  }
  need('provider', 'provider', 'provider')
  need('base-url', 'base-url', 'base-url')
  need('api-key', 'api-key', 'api-key')
  if (embeddings['provider'] === 'azure-openai') need('model', 'model', 'model/deployment name (Azure OpenAI)')
  const chunking = isJsonObject(embeddings['chunking']) ? embeddings['chunking'] : {}
  if (
    typeof chunking['overlap-chars'] === 'number' &&
    typeof chunking['size-chars'] === 'number' &&
    chunking['overlap-chars'] >= chunking['size-chars']
  ) {
    throw new CliError('Failed to configure embeddings chunking: overlap-chars must be less than size-chars.')
  }
  const level2 =
    isJsonObject(embeddings['cache']) && isJsonObject(embeddings['cache']['level-2'])
      ? embeddings['cache']['level-2']
      : {}
  if (level2['enabled'] === true && !level2['connection-string']) {
    throw new CliError(
      'Failed to configure embeddings cache: level-2.connection-string is required when level-2 cache is enabled. Use --runtime.embeddings.cache.level-2.connection-string to specify it.',
    )
  }
}

/** Sluice also reads a top-level `host` (SPEC's spelling); edit that one when the file uses it. */
function hostPath(config: JsonObject, path: readonly string[]): readonly string[] {
  const runtime = config['runtime']
  const usesTopLevelHost = isJsonObject(config['host']) && !(isJsonObject(runtime) && isJsonObject(runtime['host']))
  return usesTopLevelHost && path[0] === 'runtime' && path[1] === 'host' ? path.slice(1) : path
}

function setAt(config: JsonObject, path: readonly string[], value: unknown): void {
  let parent = config
  for (const key of path.slice(0, -1)) parent = objectAt(parent, key)
  parent[path[path.length - 1]!] = value
}

function readObject(config: JsonObject, path: readonly string[]): JsonObject | undefined {
  let value: unknown = config
  for (const key of path) value = isJsonObject(value) ? value[key] : undefined
  return isJsonObject(value) ? value : undefined
}
