import type { ConfigProblem } from './config-report.js'
import type { ConfigPath } from './format-config-path.js'

export type EnvironmentVariables = Readonly<Record<string, string | undefined>>

export interface EnvSubstitution {
  /** A copy of the input with every resolvable `@env('NAME')` replaced by the variable's value. */
  readonly value: unknown
  /** One per empty variable name. */
  readonly problems: readonly ConfigProblem[]
  /** References left in place as written: unset variables and `@akv()` (no Key Vault client). */
  readonly unresolved: readonly UnresolvedReference[]
}

/** A reference substitution left as written; the caller decides whether that matters where it stands. */
export interface UnresolvedReference {
  readonly path: ConfigPath
  readonly kind: 'env' | 'akv'
  readonly name: string
  /** The reference as written, e.g. `@env('OTEL_SERVICE_NAME')`. */
  readonly reference: string
}

const REFERENCE = /@(env|akv)\(\s*(?:'([^']*)'|"([^"]*)")\s*\)/g

interface Findings {
  readonly problems: ConfigProblem[]
  readonly unresolved: UnresolvedReference[]
}

/**
 * Replaces `@env('NAME')` (or `@env("NAME")`) anywhere inside any string value of the config JSON, whole or
 * embedded (`"Host=@env('H');Port=5432"`). Object keys are left alone. Values are inserted once, never re-scanned.
 * As Data API builder's loader does at start-up, a missing variable leaves its reference in place as written, and so
 * does `@akv('…')` (Azure Key Vault); each is listed in `unresolved` with its path.
 */
export function substituteEnv(json: unknown, env: EnvironmentVariables): EnvSubstitution {
  const findings: Findings = { problems: [], unresolved: [] }
  const value = substituteValue(json, [], env, findings)
  return { value, ...findings }
}

function substituteValue(value: unknown, path: ConfigPath, env: EnvironmentVariables, findings: Findings): unknown {
  if (typeof value === 'string') return substituteString(value, path, env, findings)
  if (Array.isArray(value)) return value.map((item, i) => substituteValue(item, [...path, i], env, findings))
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      // defineProperty, so a `__proto__` key from JSON.parse stays an ordinary key
      Object.defineProperty(out, key, {
        value: substituteValue(item, [...path, key], env, findings),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return out
  }
  return value
}

function substituteString(text: string, path: ConfigPath, env: EnvironmentVariables, findings: Findings): string {
  if (!text.includes('@')) return text
  return text.replace(REFERENCE, (whole, kind: string, single: string | undefined, double: string | undefined) => {
    const name = single ?? double ?? ''
    if (kind === 'akv') {
      findings.unresolved.push({ path, kind: 'akv', name, reference: whole })
      return whole
    }
    if (name.trim() === '') {
      findings.problems.push({ path, message: `${whole}: the environment variable name is empty` })
      return whole
    }
    const resolved = env[name]
    if (resolved === undefined) {
      findings.unresolved.push({ path, kind: 'env', name, reference: whole })
      return whole
    }
    return resolved
  })
}
