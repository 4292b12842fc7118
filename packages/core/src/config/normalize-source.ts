import type { ParameterConfig, SourceConfig, SourceType } from './runtime-config.js'
import type { ConfigReport } from './config-report.js'
import { SOURCE_TYPES } from './entity-schema.js'
import { formatConfigPath, type ConfigPath } from './format-config-path.js'
import { isJsonObject, parseBooleanLike, parseWord, readString } from './read-config-value.js'

/** The source type of a raw `source` value: `table` for the string shorthand or when `type` is absent or invalid. */
export function readSourceType(source: unknown): SourceType {
  return (isJsonObject(source) ? parseWord(source['type'], SOURCE_TYPES) : undefined) ?? 'table'
}

/**
 * `source: "dbo.books"` → `{object, type: 'table'}`; the object form with its parameters, where the deprecated
 * dictionary form `{name: default}` becomes parameter items (with a warning).
 */
export function normalizeSource(source: unknown, path: ConfigPath, report: ConfigReport): SourceConfig {
  if (typeof source === 'string') return { object: source, type: 'table', parameters: [] }
  return {
    object: readString(source, 'object') ?? '',
    type: readSourceType(source),
    parameters: normalizeParameters(
      isJsonObject(source) ? source['parameters'] : undefined,
      [...path, 'parameters'],
      report,
    ),
  }
}

function normalizeParameters(parameters: unknown, path: ConfigPath, report: ConfigReport): ParameterConfig[] {
  if (Array.isArray(parameters)) {
    return parameters.filter(isJsonObject).map((item) => ({
      name: typeof item['name'] === 'string' ? item['name'] : '',
      required: parseBooleanLike(item['required']) ?? false,
      default: readDefault(item['default']),
      description: readString(item, 'description'),
    }))
  }
  if (!isJsonObject(parameters)) return []
  report.addWarning(
    `${formatConfigPath(path)} uses the deprecated {"name": default} form; write [{"name": …, "default": …}] instead.`,
  )
  return Object.entries(parameters).map(([name, value]) => ({
    name,
    required: false,
    default: readDefault(value),
    description: undefined,
  }))
}

function readDefault(value: unknown): ParameterConfig['default'] {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value
  return undefined
}
