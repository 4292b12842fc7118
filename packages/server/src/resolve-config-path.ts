import { existsSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { createRequire } from 'node:module'
import { SluiceError } from '@sluice/core'

const DEFAULT_NAMES = ['dab-config.json', 'sluice.config.json']

/**
 * The config file to load: `--config` (relative to the directory the user ran the command in — pnpm sets
 * INIT_CWD), else `--demo`'s bundled library sample, else `./dab-config.json`, else `./sluice.config.json`.
 */
export function resolveConfigPath(option: string | undefined, demo: boolean, cwd = process.env['INIT_CWD'] ?? process.cwd()): string {
  if (option !== undefined) {
    const file = isAbsolute(option) ? option : resolve(cwd, option)
    if (!existsSync(file)) throw new SluiceError('SLUICE_ERR_CONFIG_NOT_FOUND', { detail: `${file} does not exist.` })
    return file
  }
  if (demo) return createRequire(import.meta.url).resolve('@sluice/example-library/dab-config.json')
  for (const name of DEFAULT_NAMES) {
    const file = resolve(cwd, name)
    if (existsSync(file)) return file
  }
  throw new SluiceError('SLUICE_ERR_CONFIG_NOT_FOUND', {
    detail: `looked for ${DEFAULT_NAMES.join(' and ')} in ${cwd}. Pass --config FILE, or --demo to run the bundled library sample.`,
  })
}
