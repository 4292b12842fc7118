import type { ConfigProblem } from './config-report.js'
import type { ConfigPath } from './format-config-path.js'

export type EnvironmentVariables = Readonly<Record<string, string | undefined>>

export interface EnvSubstitution {
  /** A copy of the input with every resolvable `@env('NAME')` replaced by the variable's value. */
  readonly value: unknown
  /** One per missing variable, per `@akv()` reference and per empty name. */
  readonly problems: readonly ConfigProblem[]
}

const REFERENCE = /@(env|akv)\(\s*(?:'([^']*)'|"([^"]*)")\s*\)/g

/**
 * Replaces `@env('NAME')` (or `@env("NAME")`) anywhere inside any string value of the config JSON, whole or
 * embedded (`"Host=@env('H');Port=5432"`). Object keys are left alone. Values are inserted once, never re-scanned.
 * A missing variable leaves its reference in place and yields a problem naming the variable and the path;
 * `@akv('…')` (Azure Key Vault) is reported as unsupported.
 */
export function substituteEnv(json: unknown, env: EnvironmentVariables): EnvSubstitution {
  const problems: ConfigProblem[] = []
  const value = substituteValue(json, [], env, problems)
  return { value, problems }
}

function substituteValue(value: unknown, path: ConfigPath, env: EnvironmentVariables, problems: ConfigProblem[]): unknown {
  if (typeof value === 'string') return substituteString(value, path, env, problems)
  if (Array.isArray(value)) return value.map((item, i) => substituteValue(item, [...path, i], env, problems))
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      // defineProperty, so a `__proto__` key from JSON.parse stays an ordinary key
      Object.defineProperty(out, key, {
        value: substituteValue(item, [...path, key], env, problems), enumerable: true, writable: true, configurable: true,
      })
    }
    return out
  }
  return value
}

function substituteString(text: string, path: ConfigPath, env: EnvironmentVariables, problems: ConfigProblem[]): string {
  if (!text.includes('@')) return text
  return text.replace(REFERENCE, (whole, kind: string, single: string | undefined, double: string | undefined) => {
    const name = single ?? double ?? ''
    if (kind === 'akv') {
      problems.push({
        path,
        message: `${whole}: Azure Key Vault references (@akv) are not supported; put the secret in an environment variable and use @env('${name}')`,
      })
      return whole
    }
    if (name.trim() === '') {
      problems.push({ path, message: `${whole}: the environment variable name is empty` })
      return whole
    }
    const resolved = env[name]
    if (resolved === undefined) {
      problems.push({ path, message: `environment variable '${name}' is not set (referenced as ${whole})` })
      return whole
    }
    return resolved
  })
}
