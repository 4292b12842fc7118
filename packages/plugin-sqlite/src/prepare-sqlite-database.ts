import type { SqliteDatabaseLike } from './sqlite-driver-config.js'

const fold =
  (how: 'toLowerCase' | 'toUpperCase') =>
  (value: unknown): unknown =>
    typeof value === 'string' ? value[how]() : value

/**
 * Makes a connection behave as Sluice's SQL expects: foreign keys enforced (SQLite's default is off), LIKE case
 * sensitive (`contains`, `startswith` and `endswith` match exactly), and the functions the compiler calls —
 * `sluice_lower`/`sluice_upper` fold every script (SQLite's `lower`/`upper` fold ASCII only) and `sluice_base64`
 * encodes bytes (SQLite has no base64).
 */
export function prepareSqliteDatabase(db: SqliteDatabaseLike): void {
  db.exec('PRAGMA foreign_keys = ON; PRAGMA case_sensitive_like = ON')
  db.function('sluice_lower', { deterministic: true, safeIntegers: true }, fold('toLowerCase'))
  db.function('sluice_upper', { deterministic: true, safeIntegers: true }, fold('toUpperCase'))
  db.function('sluice_base64', { deterministic: true, safeIntegers: true }, (value) =>
    value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value,
  )
}
