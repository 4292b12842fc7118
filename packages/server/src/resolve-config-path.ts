import { existsSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { createRequire } from 'node:module'
import { SluiceError } from '@sluice/core/dialect'

/** Config file names looked for when `--config` is not given, in order. */
export const DEFAULT_CONFIG_NAMES = ['dab-config.json', 'sluice.config.json'] as const

/** The config to load: one file, or a base file with an environment's file layered over it. */
export interface ConfigLocation {
  readonly file: string
  /** `dab-config.{DAB_ENVIRONMENT}.json`, deep-merged over `file` (`loadConfigFile`'s `overrideFile`). */
  readonly overrideFile?: string
}

/**
 * The config `start`, `validate` and `export` load, with Data API builder's precedence: `--config` (relative to the
 * directory the user ran the command in — pnpm sets INIT_CWD), else `--demo`'s bundled library sample, else for
 * `dab-config.json` and then `sluice.config.json`: with `DAB_ENVIRONMENT` set, the base file merged with
 * `<name>.{DAB_ENVIRONMENT}.json` when both exist or whichever exists; then `<name>.{ASPNETCORE_ENVIRONMENT}.json`;
 * then the base file.
 */
export function resolveConfigPath(
  option: string | undefined,
  demo: boolean,
  cwd = process.env['INIT_CWD'] || process.cwd(),
  env: NodeJS.ProcessEnv = process.env,
): ConfigLocation {
  if (option !== undefined) {
    const file = isAbsolute(option) ? option : resolve(cwd, option)
    if (!existsSync(file)) throw new SluiceError('SLUICE_ERR_CONFIG_NOT_FOUND', { detail: `${file} does not exist.` })
    return { file }
  }
  if (demo) return { file: createRequire(import.meta.url).resolve('@sluice/example-library/dab-config.json') }
  for (const name of DEFAULT_CONFIG_NAMES) {
    const found = findEnvironmentConfig(resolve(cwd, name), env)
    if (found !== undefined) return found
  }
  throw new SluiceError('SLUICE_ERR_CONFIG_NOT_FOUND', {
    detail: `looked for ${DEFAULT_CONFIG_NAMES.join(' and ')} in ${cwd}. Pass --config FILE, or --demo to run the bundled library sample.`,
  })
}

function findEnvironmentConfig(base: string, env: NodeJS.ProcessEnv): ConfigLocation | undefined {
  const dabEnvironment = env['DAB_ENVIRONMENT']?.trim()
  if (dabEnvironment) {
    const layer = environmentFileName(base, dabEnvironment)
    if (existsSync(layer)) return existsSync(base) ? { file: base, overrideFile: layer } : { file: layer }
  }
  const aspnetEnvironment = env['ASPNETCORE_ENVIRONMENT']?.trim()
  if (aspnetEnvironment) {
    const file = environmentFileName(base, aspnetEnvironment)
    if (existsSync(file)) return { file }
  }
  return existsSync(base) ? { file: base } : undefined
}

/** `dab-config.json` + `Development` → `dab-config.Development.json`. */
export function environmentFileName(base: string, environment: string): string {
  return `${base.replace(/\.json$/i, '')}.${environment}.json`
}
