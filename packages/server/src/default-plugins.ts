import type { SluicePlugin } from '@sluice/core'
import { pglitePlugin } from '@sluice/plugin-pglite'
import { postgresPlugin } from '@sluice/plugin-postgres'
import { restPlugin } from '@sluice/plugin-rest'

/** The plugins `sluice start` composes: every built-in dialect and protocol. */
export function defaultPlugins(): SluicePlugin[] {
  return [postgresPlugin(), pglitePlugin(), restPlugin()]
}
