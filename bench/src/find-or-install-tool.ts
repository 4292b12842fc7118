import { execFileSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

/**
 * The executable `name`: on PATH, else installed from Debian's package `debianPackage` when the bench runs as root
 * with apt-get (a fresh machine), else undefined. `log` tells what happens.
 */
export function findOrInstallTool(
  name: string,
  debianPackage: string,
  log: (line: string) => void,
): string | undefined {
  const found = findOnPath(name)
  if (found !== undefined || process.getuid?.() !== 0 || findOnPath('apt-get') === undefined) return found
  log(`${name} is not installed: installing the Debian package ${debianPackage} (once)`)
  const install = (): void => {
    execFileSync('apt-get', ['install', '-y', '-qq', debianPackage], { stdio: 'ignore' })
  }
  try {
    install()
  } catch {
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' })
      install()
    } catch (error) {
      log(`could not install ${debianPackage} (${(error as Error).message.split('\n')[0]})`)
    }
  }
  return findOnPath(name)
}

/** The executable `name` on PATH, if any. */
export function findOnPath(name: string): string | undefined {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (dir === '') continue
    const candidate = join(dir, name)
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}
