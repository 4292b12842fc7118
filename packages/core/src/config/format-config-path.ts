/** A location inside the config JSON: object keys and array indexes, outermost first. */
export type ConfigPath = readonly (string | number)[]

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/
const MAX_VALUE_LENGTH = 60

/**
 * Formats a config location the way problems name it: `runtime.rest.path`,
 * `entities.Book.permissions[0].actions[1]`, `entities["Book Summary"]`, `relationships.r["target.entity"]`.
 * The empty path is `(root)`.
 */
export function formatConfigPath(path: ConfigPath): string {
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else if (IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`
    else out += `[${JSON.stringify(segment)}]`
  }
  return out === '' ? '(root)' : out
}

/** A value as JSON, cut to about 60 characters (`…` marks the cut), for problem messages. */
export function formatConfigValue(value: unknown): string {
  if (value === undefined) return 'undefined'
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text
}

/** The JSON type name used in messages: `object`, `array`, `string`, `number`, `boolean` or `null`. */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}
