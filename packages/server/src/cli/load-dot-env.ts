import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parseEnv } from 'node:util'
import { CliError } from './cli-error.js'

/**
 * Data API builder's first step when its CLI starts (DotNetEnv's `Env.Load()`): the working directory's `.env` file
 * sets process variables, overriding any already set. It runs before the config file is chosen, so `.env` may set
 * `DAB_ENVIRONMENT`.
 */
export function loadDotEnv(cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  const file = join(cwd, '.env')
  if (statSync(file, { throwIfNoEntry: false })?.isFile() !== true) return
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new CliError(`Cannot read ${file}: ${(error as Error).message}`)
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (value !== undefined) env[name] = value
  }
}
