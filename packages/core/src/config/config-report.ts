import { SluiceError } from '../errors/sluice-error.js'
import { formatConfigPath, type ConfigPath } from './format-config-path.js'

/** One thing wrong with a config: where, and what (the message names the bad value and what is allowed). */
export interface ConfigProblem {
  readonly path: ConfigPath
  readonly message: string
}

/** Collects every problem and warning of one load, so all of them are reported together. */
export interface ConfigReport {
  readonly problems: ConfigProblem[]
  readonly warnings: string[]
  addProblem(path: ConfigPath, message: string): void
  addWarning(message: string): void
}

export function createConfigReport(): ConfigReport {
  const problems: ConfigProblem[] = []
  const warnings: string[] = []
  return {
    problems,
    warnings,
    addProblem: (path, message) => {
      problems.push({ path, message })
    },
    addWarning: (message) => {
      if (!warnings.includes(message)) warnings.push(message)
    },
  }
}

/** `runtime.rest.path: …` — a problem as one line. */
export function formatConfigProblem(problem: ConfigProblem): string {
  return `${formatConfigPath(problem.path)}: ${problem.message}`
}

/**
 * The `SLUICE_ERR_CONFIG` error for a list of problems: params `count` and `problems` (one line each, prefixed
 * `  - `). Identical lines are reported once.
 */
export function createConfigError(problems: readonly (ConfigProblem | string)[], cause?: unknown): SluiceError {
  const lines = [...new Set(problems.map((p) => (typeof p === 'string' ? p : formatConfigProblem(p))))]
  return new SluiceError(
    'SLUICE_ERR_CONFIG',
    { count: lines.length, problems: lines.map((line) => `  - ${line}`).join('\n') },
    cause === undefined ? {} : { cause },
  )
}
