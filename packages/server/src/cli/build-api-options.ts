import { pluralize } from '@sluice/core'
import { CliError } from './cli-error.js'
import { isJsonObject, type JsonObject } from './config-document.js'
import { parseBoolean, type VerbOptions } from './verb-options.js'

const REST_METHODS = ['get', 'post', 'put', 'patch', 'delete']

/** `--rest true|false|<path>`: a boolean switches REST, anything else is the entity's path (REST then enabled). */
export function readRestOption(options: VerbOptions): { enabled: boolean; path?: string } | undefined {
  const value = options.string('rest')
  if (value === undefined) return undefined
  const enabled = parseBoolean(value)
  if (enabled !== undefined) return { enabled }
  return { enabled: true, path: value.startsWith('/') ? value : `/${value}` }
}

/** `--rest.methods get,post`: the HTTP verbs of a stored procedure, lower-cased. */
export function readRestMethods(options: VerbOptions): string[] | undefined {
  const methods = options.list('rest.methods', ',')
  if (methods === undefined || methods.length === 0) return undefined
  return methods.map((method) => {
    const lower = method.toLowerCase()
    if (!REST_METHODS.includes(lower))
      throw new CliError(`Invalid REST Method. Supported methods are ${REST_METHODS.join(', ')}.`)
    return lower
  })
}

/** `--graphql true|false|singular|singular:plural` (a name implies enabled). */
export function readGraphQLOption(
  options: VerbOptions,
): { enabled: boolean; singular?: string; plural?: string } | undefined {
  const value = options.string('graphql')
  if (value === undefined) return undefined
  const enabled = parseBoolean(value)
  if (enabled !== undefined) return { enabled }
  const parts = value.split(':')
  if (parts.length > 2 || parts.some((part) => part.trim() === '')) {
    throw new CliError(
      'Invalid format for --graphql. Accepted values are true/false, a string, or a pair of string in the format <singular>:<plural>',
    )
  }
  return { enabled: true, singular: parts[0]!, plural: parts[1] ?? pluralize(parts[0]!) }
}

export function readGraphQLOperation(options: VerbOptions): 'query' | 'mutation' | undefined {
  const value = options.string('graphql.operation')
  if (value === undefined) return undefined
  const lower = value.trim().toLowerCase()
  if (lower !== 'query' && lower !== 'mutation')
    throw new CliError('Invalid GraphQL Operation. Supported operations are query and mutation.')
  return lower
}

/** `--cache.enabled/.ttl-seconds/.level` as the entity's `cache` keys that were given. */
export function readCacheOptions(options: VerbOptions): JsonObject | undefined {
  const cache: JsonObject = {}
  const enabled = options.string('cache.enabled')
  if (enabled !== undefined) {
    const value = parseBoolean(enabled)
    if (value === undefined) throw new CliError('Invalid format for --cache.enabled. Accepted values are true/false.')
    cache['enabled'] = value
  }
  const ttl = options.string('cache.ttl-seconds')
  if (ttl !== undefined) {
    if (!/^\d+$/.test(ttl.trim()) || Number(ttl) < 1 || Number(ttl) > 2147483647) {
      throw new CliError('Invalid format for --cache.ttl-seconds. Accepted values are positive integers (seconds).')
    }
    cache['ttl-seconds'] = Number(ttl)
  }
  const level = options.string('cache.level')
  if (level !== undefined) {
    const canonical = ['L1', 'L1L2'].find((l) => l.toLowerCase() === level.trim().toLowerCase())
    if (canonical === undefined) throw new CliError('Invalid format for --cache.level. Accepted values are L1, L1L2.')
    cache['level'] = canonical
  }
  return Object.keys(cache).length === 0 ? undefined : cache
}

export function readHealthEnabled(options: VerbOptions): boolean | undefined {
  const value = options.string('health.enabled')
  if (value === undefined) return undefined
  const enabled = parseBoolean(value)
  if (enabled === undefined) throw new CliError('Invalid format for --health.enabled. Accepted values are true/false.')
  return enabled
}

/** The MCP switches of one entity: DML tools, and the custom tool (stored procedures only). */
export interface McpSwitches {
  readonly dmlTools?: boolean
  readonly customTool?: boolean
}

export function readMcpOptions(options: VerbOptions, isProcedure: boolean): McpSwitches | undefined {
  const dml = options.string('mcp.dml-tools')
  const custom = options.string('mcp.custom-tool')
  if (dml === undefined && custom === undefined) return undefined
  const dmlTools = dml === undefined ? undefined : parseBoolean(dml)
  if (dml !== undefined && dmlTools === undefined)
    throw new CliError('Invalid format for --mcp.dml-tools. Accepted values are true/false.')
  const customTool = custom === undefined ? undefined : parseBoolean(custom)
  if (custom !== undefined && customTool === undefined)
    throw new CliError('Invalid format for --mcp.custom-tool. Accepted values are true/false.')
  if (customTool === true && !isProcedure)
    throw new CliError('--mcp.custom-tool can only be enabled for stored procedures.')
  return { dmlTools, customTool }
}

/** An entity's `mcp` as the switches it holds (`true`/`false` is DML tools alone). */
export function readMcpSwitches(raw: unknown): McpSwitches {
  if (typeof raw === 'boolean') return { dmlTools: raw }
  if (!isJsonObject(raw)) return {}
  return {
    ...(typeof raw['dml-tools'] === 'boolean' ? { dmlTools: raw['dml-tools'] } : {}),
    ...(typeof raw['custom-tool'] === 'boolean' ? { customTool: raw['custom-tool'] } : {}),
  }
}

/** `dab`'s form: the boolean shorthand when only DML tools are set, else `{"custom-tool", "dml-tools"}`. */
export function writeMcp(switches: McpSwitches): unknown {
  if (switches.customTool === undefined) return switches.dmlTools
  return {
    'custom-tool': switches.customTool,
    ...(switches.dmlTools === undefined ? {} : { 'dml-tools': switches.dmlTools }),
  }
}
