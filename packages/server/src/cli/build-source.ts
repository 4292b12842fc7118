import { CliError } from './cli-error.js'
import { isJsonObject, type JsonObject } from './config-document.js'
import type { VerbOptions } from './verb-options.js'

export type SourceType = 'table' | 'view' | 'stored-procedure'

/** An entity's `source` as read from the config (string or object form; map-form parameters turned into a list). */
export interface SourceParts {
  readonly object: string
  readonly type: SourceType
  readonly parameters?: JsonObject[]
  readonly keyFields?: string[]
}

export function readSourceParts(raw: unknown): SourceParts {
  if (typeof raw === 'string') return { object: raw, type: 'table' }
  const source = isJsonObject(raw) ? raw : {}
  const type = typeof source['type'] === 'string' ? (parseSourceType(source['type']) ?? 'table') : 'table'
  const params = source['parameters']
  const parameters = Array.isArray(params)
    ? params.filter(isJsonObject).map((p) => ({ ...p }))
    : isJsonObject(params)
      ? Object.entries(params).map(([name, value]) => ({ name, default: value }))
      : undefined
  const keys = source['key-fields']
  return {
    object: String(source['object'] ?? ''),
    type,
    ...(parameters === undefined ? {} : { parameters }),
    ...(Array.isArray(keys) ? { keyFields: keys.map(String) } : {}),
  }
}

/** `table`, `view`, `stored-procedure` (any case; `storedprocedure` too, as DAB's enum reader accepts). */
export function readSourceTypeOption(options: VerbOptions): SourceType | undefined {
  const text = options.string('source.type')
  if (text === undefined) return undefined
  const type = parseSourceType(text)
  if (type === undefined)
    throw new CliError(`Invalid Source Type: ${text}. Valid values are: table, view, stored-procedure.`)
  return type
}

function parseSourceType(text: string): SourceType | undefined {
  const lower = text.trim().toLowerCase()
  if (lower === 'table' || lower === 'view') return lower
  return lower === 'stored-procedure' || lower === 'storedprocedure' ? 'stored-procedure' : undefined
}

/**
 * Stored-procedure parameters from the command line: `--parameters.name/.description/.required/.default` (lists
 * matched by position) or the deprecated `--source.params "name:value,…"` (not both). `undefined` when neither is given.
 */
export function readParameterOptions(options: VerbOptions, warn: (message: string) => void): JsonObject[] | undefined {
  const names = options.list('parameters.name', ',')
  const legacy = options.list('source.params', ',')
  if (names?.length && legacy?.length) {
    throw new CliError(
      'Cannot use both --source.params and --parameters.name/description/required/default together. Please use only one format.',
    )
  }
  if (names?.length) {
    const descriptions = options.list('parameters.description', ',') ?? []
    const required = options.list('parameters.required', ',') ?? []
    const defaults = options.list('parameters.default', ',') ?? []
    return names.map((name, i) => ({
      name,
      ...(descriptions[i] === undefined ? {} : { description: descriptions[i] }),
      ...(required[i] === undefined ? {} : { required: required[i]!.toLowerCase() === 'true' }),
      ...(defaults[i] === undefined ? {} : { default: defaults[i] }),
    }))
  }
  if (!legacy?.length) return undefined
  warn('The --source.params format is deprecated. Please use --parameters.name/description/required/default instead.')
  return legacy.map((pair) => {
    const parts = pair.split(':')
    if (parts.length !== 2) {
      throw new CliError(
        'Invalid format for --source.params. Correct source parameter syntax: --source.params "key1:value1,key2:value2,...".',
      )
    }
    return { name: parts[0]!, required: false, default: parts[1]! }
  })
}

/**
 * `dab`'s pairing rules: key fields are for tables and views, parameters for stored procedures. (A view without key
 * fields is allowed: Sluice serves keyless views read-only by list, where `dab init` refuses them.)
 */
export function checkSourcePairing(type: SourceType, hasParameters: boolean, hasKeyFields: boolean): void {
  if (type === 'stored-procedure' && hasKeyFields) throw new CliError("Stored Procedures don't support KeyFields.")
  if (type !== 'stored-procedure' && hasParameters) throw new CliError("Tables/Views don't support parameters.")
}

/** Parameters merged by name: given values replace, the rest of each existing parameter stays, new ones are added. */
export function mergeParameters(existing: readonly JsonObject[], given: readonly JsonObject[]): JsonObject[] {
  const merged = given.map((param) => ({ ...existing.find((p) => p['name'] === param['name']), ...param }))
  for (const param of existing) if (!given.some((p) => p['name'] === param['name'])) merged.push(param)
  return merged
}

/** The `source` object in `dab`'s key order. */
export function writeSource(parts: SourceParts): JsonObject {
  return {
    object: parts.object,
    type: parts.type,
    ...(parts.parameters === undefined ? {} : { parameters: parts.parameters }),
    ...(parts.keyFields === undefined ? {} : { 'key-fields': parts.keyFields }),
  }
}
