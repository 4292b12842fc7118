import type { ParameterMetadata } from '@sluice/core/dialect'

/**
 * Procedure parameter lists by resolved name (`qualifiedKey`), filled by the introspector at start-up and read by
 * the compiler: MySQL's CALL takes every parameter by position (no named arguments, no defaults), and OUT/INOUT
 * ones must be session variables, so the compiler needs the whole declared list, not only the arguments given.
 */
export class MysqlRoutines {
  readonly #parameters = new Map<string, readonly ParameterMetadata[]>()
  readonly #defaults = new Map<string, ReadonlyMap<string, string>>()

  set(key: string, parameters: readonly ParameterMetadata[], defaults: ReadonlyMap<string, string> = new Map()): void {
    this.#parameters.set(key, parameters)
    this.#defaults.set(key, defaults)
  }

  get(key: string): readonly ParameterMetadata[] | undefined {
    return this.#parameters.get(key)
  }

  /** The declared default (as text) of parameter `name`, see {@link parseParameterDefaults}. */
  defaultOf(key: string, name: string): string | undefined {
    return this.#defaults.get(key)?.get(name)
  }
}

/**
 * MySQL procedures cannot declare parameter defaults, so Sluice reads them from the routine's COMMENT:
 * `defaults: min_value=5, label='none'` (names case-insensitive as MySQL's; values a number or a quoted string;
 * anything else in the comment is ignored). A parameter listed there is optional: when the caller leaves it out,
 * the CALL passes that value.
 */
export function parseParameterDefaults(comment: string | null | undefined): Map<string, string> {
  const defaults = new Map<string, string>()
  const clause = /\bdefaults\s*:\s*((?:[A-Za-z_$][\w$]*\s*=\s*(?:-?\d+(?:\.\d+)?|'(?:[^']|'')*')\s*,?\s*)+)/i.exec(
    comment ?? '',
  )
  if (clause === null) return defaults
  for (const m of clause[1]!.matchAll(/([A-Za-z_$][\w$]*)\s*=\s*(-?\d+(?:\.\d+)?|'(?:[^']|'')*')/g)) {
    const value = m[2]!.startsWith("'") ? m[2]!.slice(1, -1).replace(/''/g, "'") : m[2]!
    defaults.set(m[1]!.toLowerCase(), value)
  }
  return defaults
}
