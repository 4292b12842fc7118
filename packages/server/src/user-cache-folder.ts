import { homedir } from 'node:os'
import { isAbsolute, join } from 'node:path'

/**
 * Sluice's folder for what it can rebuild (the embedded database's archived initdb cluster): `$XDG_CACHE_HOME/sluice`,
 * else `~/.cache/sluice`; undefined when there is no home to put it in.
 */
export function userCacheFolder(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const xdg = env['XDG_CACHE_HOME']
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, 'sluice')
  let home: string
  try {
    home = homedir()
  } catch {
    return undefined
  }
  return home === '' ? undefined : join(home, '.cache', 'sluice')
}
