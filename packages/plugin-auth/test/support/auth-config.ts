import { parseConfig, type HostMode, type RuntimeConfig } from '@sluice/core'

/**
 * A whole runtime config (loaded by core's own loader, `@env()` included) whose only interesting part is
 * `runtime.host.authentication`; `undefined` leaves the section out. `Book` grants `permissions` (anonymous may read).
 */
export function configWithAuthentication(
  authentication: Record<string, unknown> | undefined,
  mode: HostMode = 'production',
  env: Record<string, string> = {},
  permissions: readonly Record<string, unknown>[] = [{ role: 'anonymous', actions: ['read'] }],
): RuntimeConfig {
  const host: Record<string, unknown> = { mode }
  if (authentication !== undefined) host['authentication'] = authentication
  return parseConfig(
    {
      'data-source': { 'database-type': 'postgresql', 'connection-string': 'postgres://localhost/db' },
      runtime: { host },
      entities: { Book: { source: 'books', permissions } },
    },
    { baseDir: '/', env },
  )
}
