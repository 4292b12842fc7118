import { findLikePatternProblem } from './build-like-pattern.js'
import { checkPermissions } from './check-permissions.js'
import type { ConfigReport } from './config-report.js'
import { formatConfigPath, type ConfigPath } from './format-config-path.js'
import { isJsonObject, readObject } from './read-config-value.js'

/**
 * Semantic checks of one raw `autoentities.<name>` (after the schema): its permissions as for a table entity, each
 * LIKE pattern well formed, and warnings for what would surprise at start-up — no permissions at all, a name pattern
 * without `{object}`.
 */
export function checkAutoentity(name: string, raw: unknown, report: ConfigReport): void {
  if (!isJsonObject(raw)) return
  const path: ConfigPath = ['autoentities', name]
  const permissions = raw['permissions']
  checkPermissions(permissions, 'table', [...path, 'permissions'], report)
  if (!Array.isArray(permissions) || permissions.length === 0) {
    report.addWarning(
      `${formatConfigPath([...path, 'permissions'])}: none are given, so no role can reach the entities this definition generates.`,
    )
  }
  const patterns = readObject(raw, 'patterns')
  for (const list of ['include', 'exclude'] as const) {
    const items = patterns?.[list]
    if (!Array.isArray(items)) continue
    items.forEach((item, i) => {
      if (typeof item !== 'string') return
      // Lists are split at commas (see normalizeAutoentity), so each part is checked on its own.
      for (const part of item.split(',').map((p) => p.trim())) {
        const problem = findLikePatternProblem(part)
        if (problem !== undefined) report.addProblem([...path, 'patterns', list, i], problem)
      }
    })
  }
  const namePattern = patterns?.['name']
  if (typeof namePattern === 'string' && namePattern.trim() !== '' && !namePattern.includes('{object}')) {
    report.addWarning(
      `${formatConfigPath([...path, 'patterns', 'name'])}: '${namePattern}' has no {object}: every table it matches in one schema gets the same entity name, and a second one stops start-up.`,
    )
  }
}
