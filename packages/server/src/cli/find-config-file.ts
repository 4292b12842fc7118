import { existsSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { DEFAULT_CONFIG_NAMES, environmentFileName } from '../resolve-config-path.js'
import { CliError } from './cli-error.js'

/**
 * The file `add`, `update`, `configure` and `add-telemetry` edit, with Data API builder's precedence for them:
 * `--config` as given, else `dab-config.{DAB_ENVIRONMENT}.json` when it exists, else `dab-config.json` (then the same
 * two for `sluice.config.json`). Editing never merges: each layer is a file of its own.
 */
export function findConfigFileToEdit(
  option: string | undefined,
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (option !== undefined && option !== '') {
    const file = isAbsolute(option) ? option : resolve(cwd, option)
    if (!existsSync(file)) throw new CliError(`Config file not found: ${file}.`)
    return file
  }
  const environment = env['DAB_ENVIRONMENT']?.trim()
  for (const name of DEFAULT_CONFIG_NAMES) {
    const base = resolve(cwd, name)
    if (environment && existsSync(environmentFileName(base, environment))) return environmentFileName(base, environment)
    if (existsSync(base)) return base
  }
  throw new CliError(
    `Config not provided and default config file doesn't exist (looked for ${DEFAULT_CONFIG_NAMES.join(' and ')} in ${cwd}). Pass -c FILE or run 'sluice init'.`,
  )
}

/** Where `init` writes: `--config`, else `dab-config.{DAB_ENVIRONMENT}.json`, else `dab-config.json`. */
export function initTargetFile(option: string | undefined, cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  if (option !== undefined && option !== '') return isAbsolute(option) ? option : resolve(cwd, option)
  const environment = env['DAB_ENVIRONMENT']?.trim()
  const base = resolve(cwd, DEFAULT_CONFIG_NAMES[0])
  return environment ? environmentFileName(base, environment) : base
}
