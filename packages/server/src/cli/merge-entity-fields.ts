import { CliError } from './cli-error.js'
import { isJsonObject, type JsonObject } from './config-document.js'
import { parseBoolean, type VerbOptions } from './verb-options.js'

/** What `add`/`update` were told about an entity's fields. */
export interface FieldChanges {
  /** `--fields.name/.alias/.description/.primary-key`, matched by position. */
  readonly fields?: readonly JsonObject[]
  /** `-m/--map "column:alias,…"`. */
  readonly map?: ReadonlyArray<readonly [string, string]>
  /** `--source.key-fields`, written as fields marked `primary-key` (Data API builder 2.x's form). */
  readonly keyFields?: readonly string[]
}

export function readFieldChanges(options: VerbOptions): FieldChanges {
  const names = options.list('fields.name', ',')
  const aliases = options.list('fields.alias', ',') ?? []
  const descriptions = options.list('fields.description', ',') ?? []
  const keys = (options.list('fields.primary-key', ',') ?? []).map((text) => {
    const value = parseBoolean(text)
    if (value === undefined)
      throw new CliError(`Invalid value '${text}' for --fields.primary-key: expected true or false.`)
    return value
  })
  const fields = names?.map((name, i) => ({
    name,
    ...(aliases[i] === undefined ? {} : { alias: aliases[i] }),
    ...(descriptions[i] === undefined ? {} : { description: descriptions[i] }),
    ...(keys[i] === undefined ? {} : { 'primary-key': keys[i] }),
  }))
  const map = options.list('map', ',')?.map((pair) => {
    const parts = pair.split(':')
    if (parts.length !== 2)
      throw new CliError(
        'Invalid format for --map. Acceptable format --map "backendName1:exposedName1,backendName2:exposedName2,...".',
      )
    return [parts[0]!, parts[1]!] as const
  })
  const keyFields = options.list('source.key-fields', ',')
  return {
    ...(fields?.length ? { fields } : {}),
    ...(map?.length ? { map } : {}),
    ...(keyFields?.length ? { keyFields } : {}),
  }
}

/**
 * The entity's new `fields` list, or `undefined` when nothing about fields was asked. As `dab update` does, field
 * options merge by column name, and `--map`/`--source.key-fields` become aliases and `primary-key` marks in `fields`.
 * Legacy `mappings` and `source.key-fields` already in the entity are folded in too (Sluice refuses them next to
 * `fields`, and `dab` would drop the mappings the command does not repeat).
 */
export function mergeEntityFields(entity: JsonObject, changes: FieldChanges): JsonObject[] | undefined {
  const { fields, map, keyFields } = changes
  if (fields === undefined && map === undefined && keyFields === undefined) return undefined
  if (fields !== undefined && map !== undefined && keyFields !== undefined) {
    throw new CliError("Entity cannot define 'fields', 'mappings', and 'key-fields' together. Please use only one.")
  }
  if (fields !== undefined && map !== undefined)
    throw new CliError("Entity cannot define both 'fields' and 'mappings'. Please use only one.")
  if (fields !== undefined && keyFields !== undefined)
    throw new CliError("Entity cannot define both 'fields' and 'key-fields'. Please use only one.")
  const merged = existingFields(entity)
  const find = (name: string, anyCase: boolean): JsonObject | undefined =>
    merged.find((f) => (anyCase ? String(f['name']).toLowerCase() === name.toLowerCase() : f['name'] === name))
  for (const field of fields ?? []) {
    const old = find(String(field['name']), false)
    if (old === undefined) merged.push(writeField({ 'primary-key': false, ...field }))
    else merged[merged.indexOf(old)] = writeField({ ...old, ...field })
  }
  for (const [name, alias] of map ?? []) {
    const old = find(name, true)
    if (old === undefined) merged.push(writeField({ name, alias, 'primary-key': false }))
    else merged[merged.indexOf(old)] = writeField({ ...old, alias })
  }
  for (const name of keyFields ?? []) {
    const old = find(name, true)
    if (old === undefined) merged.push(writeField({ name, 'primary-key': true }))
    else merged[merged.indexOf(old)] = writeField({ ...old, 'primary-key': true })
  }
  checkFields(merged)
  return merged
}

/** `fields`, with the entity's legacy `mappings` and `source.key-fields` folded in. */
function existingFields(entity: JsonObject): JsonObject[] {
  const fields = Array.isArray(entity['fields']) ? entity['fields'].filter(isJsonObject).map((f) => ({ ...f })) : []
  const byName = (name: string): JsonObject | undefined =>
    fields.find((f) => String(f['name']).toLowerCase() === name.toLowerCase())
  const mappings = isJsonObject(entity['mappings']) ? entity['mappings'] : {}
  for (const [name, alias] of Object.entries(mappings)) {
    const old = byName(name)
    if (old === undefined) fields.push(writeField({ name, alias, 'primary-key': false }))
    else if (old['alias'] === undefined) fields[fields.indexOf(old)] = writeField({ ...old, alias })
  }
  const source = entity['source']
  const keys = isJsonObject(source) && Array.isArray(source['key-fields']) ? source['key-fields'].map(String) : []
  for (const name of keys) {
    const old = byName(name)
    if (old === undefined) fields.push(writeField({ name, 'primary-key': true }))
    else fields[fields.indexOf(old)] = writeField({ ...old, 'primary-key': true })
  }
  return fields
}

/** A field in `dab`'s key order: name, alias, description, primary-key (then anything else it had). */
function writeField(field: JsonObject): JsonObject {
  const { name, alias, description, 'primary-key': primaryKey, ...rest } = field
  return {
    name,
    ...(alias === undefined ? {} : { alias }),
    ...(description === undefined ? {} : { description }),
    'primary-key': primaryKey ?? false,
    ...rest,
  }
}

function checkFields(fields: readonly JsonObject[]): void {
  const aliases = new Set<string>()
  const keys = new Set<string>()
  for (const field of fields) {
    const alias = field['alias']
    if (typeof alias === 'string' && alias !== '') {
      if (aliases.has(alias)) throw new CliError(`Alias '${alias}' is not unique within the entity.`)
      aliases.add(alias)
    }
    if (field['primary-key'] === true) {
      if (keys.has(String(field['name'])))
        throw new CliError(`Duplicate key field '${String(field['name'])}' detected.`)
      keys.add(String(field['name']))
    }
  }
}
