/**
 * Readers for loosely typed config values. Data API builder accepts the "boolean-or-string" form (`true`, `"true"`,
 * `"1"`, `1` …) and digit strings for integers, because `@env()` always yields a string. The schema validates these
 * forms with the same parsers; normalization reads through them and falls back to the default for anything
 * invalid (the schema has reported it already).
 */
export type JsonObject = Record<string, unknown>

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `true`/`false` (any case), `"1"`/`"0"`, `1`/`0` and booleans; `undefined` for anything else. */
export function parseBooleanLike(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (value === 1 || value === 0) return value === 1
  if (typeof value !== 'string') return undefined
  const text = value.trim().toLowerCase()
  if (text === 'true' || text === '1') return true
  if (text === 'false' || text === '0') return false
  return undefined
}

/** An integer, or a string of digits (optionally signed); `undefined` for anything else. */
export function parseIntegerLike(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined
  if (typeof value !== 'string' || !/^\s*[+-]?\d+\s*$/.test(value)) return undefined
  const n = Number(value)
  return Number.isSafeInteger(n) ? n : undefined
}

/** The entry of `allowed` equal to `value` ignoring case (the canonical spelling), or `undefined`. */
export function parseWord<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  if (typeof value !== 'string') return undefined
  const lower = value.toLowerCase()
  return allowed.find((word) => word.toLowerCase() === lower)
}

export function readObject(from: unknown, key: string): JsonObject | undefined {
  if (!isJsonObject(from)) return undefined
  const value = from[key]
  return isJsonObject(value) ? value : undefined
}

export function readBoolean(from: unknown, key: string, fallback: boolean): boolean {
  return isJsonObject(from) ? (parseBooleanLike(from[key]) ?? fallback) : fallback
}

export function readInteger(from: unknown, key: string, fallback: number): number {
  return isJsonObject(from) ? (parseIntegerLike(from[key]) ?? fallback) : fallback
}

export function readString(from: unknown, key: string): string | undefined {
  if (!isJsonObject(from)) return undefined
  const value = from[key]
  return typeof value === 'string' ? value : undefined
}

/** The strings of an array value (non-strings skipped); `undefined` when the key holds no array. */
export function readStringArray(from: unknown, key: string): string[] | undefined {
  if (!isJsonObject(from)) return undefined
  const value = from[key]
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined
}
