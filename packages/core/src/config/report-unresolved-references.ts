import type { ConfigReport } from './config-report.js'
import { formatConfigPath, type ConfigPath } from './format-config-path.js'
import type { UnresolvedReference } from './substitute-env.js'

/**
 * Sections where a reference left as written stops start-up: the database connection (it would fail to connect
 * with a confusing driver error) and authentication (literal text as a key, issuer or audience is a security
 * hazard, not a default).
 */
const ESSENTIAL_SECTIONS: readonly (readonly string[])[] = [
  ['data-source'],
  ['data-source-files'],
  ['runtime', 'host', 'authentication'],
  ['host', 'authentication'],
]

/**
 * Data API builder's start-up keeps an unset `@env()` (and any `@akv()`) as written and fails only where the text
 * cannot serve. Sluice does the same: a reference in an essential section, or where the text fails the schema
 * (`"enabled": "@env('X')"`), is a problem naming the variable; anywhere else the text is kept, with one warning per
 * variable naming where it stands — except where nothing reads it (`unread`: a section that is off), where it is moot.
 */
export function reportUnresolvedReferences(
  unresolved: readonly UnresolvedReference[],
  schemaProblemPaths: ReadonlySet<string>,
  report: ConfigReport,
  unread: (path: ConfigPath) => boolean = () => false,
): void {
  const kept = new Map<string, string[]>()
  for (const reference of unresolved) {
    const where = formatConfigPath(reference.path)
    if (isEssential(reference.path) || schemaProblemPaths.has(where)) {
      report.addProblem(reference.path, describeProblem(reference))
    } else if (!unread(reference.path)) {
      const key = `${reference.kind}:${reference.name}`
      kept.set(key, [...(kept.get(key) ?? []), where])
    }
  }
  for (const [key, paths] of kept) {
    const reference = unresolved.find((r) => `${r.kind}:${r.name}` === key) as UnresolvedReference
    const subject =
      reference.kind === 'env'
        ? `Environment variable '${reference.name}' is not set`
        : `Azure Key Vault reference ${reference.reference} cannot be resolved (no Key Vault client)`
    report.addWarning(`${subject}; ${reference.reference} is kept as written at ${paths.join(', ')}.`)
  }
}

function isEssential(path: ConfigPath): boolean {
  return ESSENTIAL_SECTIONS.some((section) => section.every((segment, i) => path[i] === segment))
}

function describeProblem(reference: UnresolvedReference): string {
  return reference.kind === 'env'
    ? `environment variable '${reference.name}' is not set (referenced as ${reference.reference})`
    : `${reference.reference}: Azure Key Vault references (@akv) are not supported; put the secret in an environment variable and use @env('${reference.name}')`
}
