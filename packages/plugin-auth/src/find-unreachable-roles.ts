import type { RuntimeConfig } from '@sluice/core'

/**
 * The warning for permissions no caller can ever use: with a provider under which every caller is anonymous
 * (`Unauthenticated`, which `init` writes as Data API builder's does, or no provider in production), a role other
 * than `anonymous` is never held, so what config grants it silently never applies. `undefined` when nothing is lost.
 */
export function findUnreachableRoles(config: RuntimeConfig, why: string): string | undefined {
  const entitiesByRole = new Map<string, string[]>()
  const grants = [...config.entities.values(), ...config.autoentities.values()]
  for (const { name, permissions } of grants) {
    for (const { role } of permissions) {
      if (role.toLowerCase() === 'anonymous') continue
      const names = entitiesByRole.get(role)
      if (names === undefined) entitiesByRole.set(role, [name])
      else if (!names.includes(name)) names.push(name)
    }
  }
  if (entitiesByRole.size === 0) return undefined
  const roles = [...entitiesByRole].map(([role, names]) => `'${role}' (${names.join(', ')})`).join(', ')
  return (
    `${why}, so every caller is anonymous and the permissions of ${entitiesByRole.size === 1 ? 'role' : 'roles'} ` +
    `${roles} never apply. Grant them to 'anonymous', or configure a provider that authenticates callers ` +
    `(runtime.host.authentication.provider: Simulator in development, EntraID, Custom, AppService or StaticWebApps).`
  )
}
