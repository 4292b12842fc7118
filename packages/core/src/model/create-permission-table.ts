import type { ActionName } from '../config/runtime-config.js'
import type { ActionPermission, PermissionTable } from './service-model.js'

/**
 * A role → action → permission table with Data API builder 2.x inheritance: a role configured on the entity uses
 * exactly its own actions; an unconfigured named role uses `authenticated`'s; `authenticated`, when not configured
 * itself, uses `anonymous`'s. Role names compare case-insensitively.
 */
export function createPermissionTable(
  byRole: ReadonlyMap<string, ReadonlyMap<ActionName, ActionPermission>>,
): PermissionTable {
  const roles = new Map<string, ReadonlyMap<ActionName, ActionPermission>>()
  for (const [role, actions] of byRole) roles.set(role.toLowerCase(), actions)
  const authenticated = roles.get('authenticated') ?? roles.get('anonymous')
  return Object.freeze({
    roles: new Set(roles.keys()),
    resolve(role: string, action: ActionName): ActionPermission | undefined {
      const own = roles.get(role) ?? roles.get(role.toLowerCase())
      if (own !== undefined) return own.get(action)
      if (role.toLowerCase() === 'anonymous') return undefined
      return authenticated?.get(action)
    },
  })
}
