import { SERVER_VERSION } from '../server-version.js'
import { CliError } from './cli-error.js'
import type { CliOutput } from './cli-output.js'
import { parseVerbArguments, type ParsedVerb, type VerbDefinition } from './parse-verb-arguments.js'

/**
 * A config verb: its command line and what it does. `run` throws `CliError` (or a `SluiceError`, e.g. an unreachable
 * database) for anything the user must fix.
 */
export interface ConfigVerb extends VerbDefinition {
  run(parsed: ParsedVerb, out: CliOutput): Promise<void> | void
  /** Data API builder's closing line when the verb fails (`Could not generate config file.`). */
  failure(parsed: ParsedVerb | undefined): string
}

/**
 * Runs a verb the way `dab` does: the product line, the verb's own info/warn lines, then either its success lines or
 * the reason and its closing failure line. Returns the exit code (0, or 1 on failure; `dab` exits -1, i.e. 255).
 */
export async function runConfigVerb(verb: ConfigVerb, argv: readonly string[], out: CliOutput): Promise<number> {
  let parsed: ParsedVerb | undefined
  try {
    parsed = parseVerbArguments(verb, argv)
    if (parsed === undefined) return 0
    out.info(`Sluice ${SERVER_VERSION}`)
    await verb.run(parsed, out)
    return 0
  } catch (error) {
    // Core is loaded only for a failure that may come from it (most verbs never load it).
    if (!(error instanceof CliError) && !(await import('@sluice/core')).isSluiceError(error)) throw error
    out.fail(error.message)
    if (parsed !== undefined) out.fail(verb.failure(parsed))
    return 1
  }
}
