import { SluiceError } from '@sluice/core'

/** Where authentication settings live in a config, for problem messages. */
export const AUTH_PATH = 'runtime.host.authentication'

/**
 * `SLUICE_ERR_CONFIG` for the authentication section's problems, in the config loader's format (one
 * `  - path: message` line each), so a bad provider setup reads like any other config mistake.
 */
export function createAuthConfigError(problems: readonly string[]): SluiceError {
  return new SluiceError('SLUICE_ERR_CONFIG', {
    count: problems.length,
    problems: problems.map((line) => `  - ${line}`).join('\n'),
  })
}
