import { CliError } from './cli-error.js'

/**
 * The flags of one command line, by long name without dashes (`source.params`), read with Data API builder's value
 * rules: booleans are `true`/`false` in any case, integers are decimal, enum values match in any case, and list flags
 * take several words and/or one word split on a separator (`--fields.include id title` = `--fields.include id,title`).
 * A value that does not fit throws `CliError` naming the flag.
 */
export class VerbOptions {
  readonly #values: ReadonlyMap<string, unknown>

  constructor(values: ReadonlyMap<string, unknown>) {
    this.#values = values
  }

  /** Whether the flag was given. */
  has(name: string): boolean {
    return this.#values.get(name) !== undefined
  }

  /** Names of the given flags, in definition order. */
  given(): string[] {
    return [...this.#values].filter(([, value]) => value !== undefined).map(([name]) => name)
  }

  string(name: string): string | undefined {
    const value = this.#values.get(name)
    if (value === undefined) return undefined
    return Array.isArray(value) ? value.join(' ') : String(value)
  }

  /** The words of a list flag, each split on `separator` and trimmed; empty items are dropped. */
  list(name: string, separator?: string): string[] | undefined {
    const value = this.#values.get(name)
    if (value === undefined) return undefined
    const words = (Array.isArray(value) ? value : [value]).map(String)
    const items = separator === undefined ? words : words.flatMap((word) => word.split(separator))
    return items.map((item) => item.trim()).filter((item) => item !== '')
  }

  /** A `true`/`false` flag (`--rest.enabled false`); a switch given without a value (`--set-session-context`) is true. */
  boolean(name: string): boolean | undefined {
    const value = this.#values.get(name)
    if (value === undefined) return undefined
    if (value === true) return true
    const parsed = parseBoolean(String(value))
    if (parsed === undefined)
      throw new CliError(`Invalid value '${String(value)}' for --${name}: expected true or false.`)
    return parsed
  }

  integer(name: string, range: { readonly min?: number; readonly max?: number } = {}): number | undefined {
    const text = this.string(name)
    if (text === undefined) return undefined
    const value = /^[+-]?\d+$/.test(text.trim()) ? Number(text) : Number.NaN
    const { min = -2147483648, max = 2147483647 } = range
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      throw new CliError(`Invalid value '${text}' for --${name}: expected an integer from ${min} to ${max}.`)
    }
    return value
  }

  /** One of `choices`, matched in any case; returns the choice as spelled in `choices`. */
  choice<T extends string>(name: string, choices: readonly T[]): T | undefined {
    const text = this.string(name)
    if (text === undefined) return undefined
    const found = choices.find((choice) => choice.toLowerCase() === text.trim().toLowerCase())
    if (found === undefined)
      throw new CliError(`Invalid value '${text}' for --${name}: expected one of ${choices.join(', ')}.`)
    return found
  }
}

/** `true`/`false` in any case, as .NET's `bool.TryParse` reads them. */
export function parseBoolean(text: string): boolean | undefined {
  const lower = text.trim().toLowerCase()
  return lower === 'true' ? true : lower === 'false' ? false : undefined
}
