import type { AutoentityConfig } from './runtime-config.js'
import { normalizeEntityCache, normalizeMcp } from './normalize-entity.js'
import { normalizePermissions } from './normalize-permissions.js'
import {
  isJsonObject,
  readBoolean,
  readObject,
  readString,
  readStringArray,
  type JsonObject,
} from './read-config-value.js'

/** Data API builder's defaults for `autoentities.<name>.patterns`. */
export const DEFAULT_INCLUDE_PATTERNS: readonly string[] = ['%.%']
export const DEFAULT_NAME_PATTERN = '{schema}_{object}'

/**
 * One raw `autoentities.<name>` → `AutoentityConfig`, with Data API builder's defaults: include `%.%`, exclude
 * nothing, name `{schema}_{object}` (also for a blank name), every template switch on, cache inherited.
 */
export function normalizeAutoentity(name: string, raw: unknown, dataSource: string): AutoentityConfig {
  const definition: JsonObject = isJsonObject(raw) ? raw : {}
  const patterns = readObject(definition, 'patterns')
  const template = readObject(definition, 'template')
  const include = readStringArray(patterns, 'include')
  const namePattern = readString(patterns, 'name')
  return {
    name,
    dataSource,
    patterns: {
      include: include === undefined ? DEFAULT_INCLUDE_PATTERNS : splitPatterns(include),
      exclude: splitPatterns(readStringArray(patterns, 'exclude') ?? []),
      name: namePattern === undefined || namePattern.trim() === '' ? DEFAULT_NAME_PATTERN : namePattern,
    },
    template: {
      rest: { enabled: readBoolean(template?.['rest'], 'enabled', true) },
      graphql: { enabled: readBoolean(template?.['graphql'], 'enabled', true) },
      mcp: normalizeMcp(template?.['mcp']),
      health: { enabled: readBoolean(template?.['health'], 'enabled', true) },
      cache: normalizeEntityCache(readObject(template, 'cache')),
    },
    permissions: normalizePermissions(definition['permissions']),
  }
}

/**
 * Data API builder joins a pattern list with commas and splits it again in SQL (`STRING_SPLIT`), trimming each part
 * and dropping empty ones: `"dbo.a%, dbo.b%"` is two patterns. Sluice reads lists the same way.
 */
function splitPatterns(patterns: readonly string[]): string[] {
  return patterns
    .flatMap((pattern) => pattern.split(','))
    .map((pattern) => pattern.trim())
    .filter((pattern) => pattern !== '')
}
