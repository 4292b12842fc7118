import { isJsonObject, type JsonObject } from './config-document.js'

/**
 * `dab configure --show-effective-permissions`: each entity (alphabetical) with its roles' actions, plus what
 * `authenticated` inherits from `anonymous` and what any other named role inherits.
 */
export function describeEffectivePermissions(config: JsonObject): string[] {
  const entities = isJsonObject(config['entities']) ? config['entities'] : {}
  const lines: string[] = []
  const byName = (a: string, b: string): number => a.localeCompare(b, 'en', { sensitivity: 'base' })
  for (const name of Object.keys(entities).sort(byName)) {
    lines.push(`Entity: ${name}`)
    const entity = entities[name]
    const permissions =
      isJsonObject(entity) && Array.isArray(entity['permissions']) ? entity['permissions'].filter(isJsonObject) : []
    const roleOf = (p: JsonObject): string => String(p['role'])
    const find = (role: string): JsonObject | undefined => permissions.find((p) => roleOf(p).toLowerCase() === role)
    for (const permission of [...permissions].sort((a, b) => byName(roleOf(a), roleOf(b)))) {
      lines.push(`  Role: ${roleOf(permission)} | Actions: ${actionNames(permission['actions'])}`)
    }
    const anonymous = find('anonymous')
    const authenticated = find('authenticated')
    if (anonymous !== undefined && authenticated === undefined) {
      lines.push(`  Role: authenticated | Actions: ${actionNames(anonymous['actions'])} (inherited from: anonymous)`)
    }
    const source = authenticated !== undefined ? 'authenticated' : anonymous !== undefined ? 'anonymous' : undefined
    if (source !== undefined) lines.push(`  Any unconfigured named role inherits from: ${source}`)
  }
  return lines
}

/** Action names as `dab` prints them (its enum names): Create, Read, Update, Delete, Execute, All. */
function actionNames(actions: unknown): string {
  const list = actions === '*' ? ['*'] : Array.isArray(actions) ? actions : []
  return list
    .map((a) => {
      const name = String(isJsonObject(a) ? a['action'] : a).toLowerCase()
      return name === '*' ? 'All' : name.charAt(0).toUpperCase() + name.slice(1)
    })
    .join(', ')
}
