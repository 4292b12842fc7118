import { createHash } from 'node:crypto'
import type { RuntimeConfig } from '@sluice/core'

/**
 * The secret pagination cursors are sealed with. `SLUICE_CURSOR_SECRET` wins; otherwise it is derived from the
 * data source and the config file, so cursors survive restarts and work across instances that share a config,
 * and stop working when the configuration changes.
 */
export function deriveCursorSecret(
  config: RuntimeConfig,
  configText: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const explicit = env['SLUICE_CURSOR_SECRET']
  if (explicit !== undefined && explicit !== '') return explicit
  return createHash('sha256')
    .update(config.dataSource.databaseType)
    .update('\0')
    .update(config.dataSource.connectionString)
    .update('\0')
    .update(configText ?? '')
    .digest('hex')
}
