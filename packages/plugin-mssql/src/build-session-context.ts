import type { Principal } from '@sluice/core'

/** `sp_set_session_context` keys are sysname (128 characters); values are sql_variant, at most nvarchar(4000). */
const MAX_KEY_LENGTH = 128
const MAX_VALUE_LENGTH = 4000

export interface SessionContextBatch {
  /** `EXEC sp_set_session_context …;` statements to put in front of the request's statement, in the same batch. */
  readonly sql: string
  /** Values for `@sluice_k<i>` / `@sluice_v<i>`: key names and text values (NULL clears a key). */
  readonly parameters: readonly (readonly [name: string, value: string | null])[]
  /** Every key now set on the session (including cleared ones, which stay known so they are cleared again). */
  readonly keys: ReadonlySet<string>
}

/**
 * Data API builder's `set-session-context` (dab.md §7.4): one `EXEC sp_set_session_context @key, @value,
 * @read_only = 0` per claim of the caller, so row-level security predicates can read `SESSION_CONTEXT(N'…')`.
 * `roles` is the effective role (the one the request runs as); multi-valued claims and objects are JSON text,
 * numbers and booleans their text. Claims whose name or value SQL Server cannot hold are left out.
 *
 * Pooled sessions are shared between callers: keys an earlier caller set on this session and this caller lacks are
 * set to NULL in the same batch, so no claim outlives its request.
 */
export function buildSessionContext(
  principal: Principal | undefined,
  role: string | undefined,
  previousKeys: ReadonlySet<string>,
): SessionContextBatch {
  const entries = new Map<string, string | null>()
  for (const [name, value] of Object.entries(principal?.claims ?? {})) {
    const text = claimText(value)
    if (text !== undefined && name.length > 0 && name.length <= MAX_KEY_LENGTH && text.length <= MAX_VALUE_LENGTH)
      entries.set(name, text)
  }
  if (role !== undefined) entries.set('roles', role)
  for (const key of previousKeys) if (!entries.has(key)) entries.set(key, null)
  const parameters = [...entries]
  const sql = parameters
    .map((_, i) => `EXEC sp_set_session_context @sluice_k${i}, @sluice_v${i}, @read_only = 0; `)
    .join('')
  return { sql, parameters, keys: new Set(entries.keys()) }
}

function claimText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value)
}
