import { Command, CommanderError, Option } from 'commander'
import { CliError } from './cli-error.js'
import { VerbOptions } from './verb-options.js'

/** One flag: commander's `flags` syntax (`-s, --source <name>`, `--permissions <role:actions...>`) and its help text. */
export interface VerbOption {
  readonly flags: string
  readonly description: string
  /** Deprecated spellings still accepted but left out of `--help`. */
  readonly hidden?: boolean
}

/** A config verb's command line: its name, the optional positional argument (the entity) and its flags. */
export interface VerbDefinition {
  readonly name: string
  readonly summary: string
  readonly argument?: { readonly name: string; readonly description: string }
  readonly options: readonly VerbOption[]
  /** Shown under `--help`. */
  readonly examples?: readonly string[]
}

export interface ParsedVerb {
  readonly argument: string | undefined
  readonly options: VerbOptions
}

/** Every verb takes Data API builder's global `-c, --config`. */
export const CONFIG_OPTION: VerbOption = {
  flags: '-c, --config <file>',
  description: 'Config file (default: dab-config.json, or dab-config.<DAB_ENVIRONMENT>.json when it exists)',
}

/**
 * Parses a verb's arguments with commander. Unknown flags, missing values and extra words throw `CliError` with
 * commander's message (including its "did you mean" suggestion); `--help` prints the verb's help to stdout and returns
 * `undefined`.
 */
export function parseVerbArguments(verb: VerbDefinition, argv: readonly string[]): ParsedVerb | undefined {
  const command = new Command(`sluice ${verb.name}`)
    .description(verb.summary)
    .exitOverride()
    .showSuggestionAfterError(true)
    .allowExcessArguments(false)
    .configureOutput({
      writeOut: (text) => process.stdout.write(text),
      writeErr: () => undefined,
      outputError: () => undefined,
    })
  if (verb.argument !== undefined) command.argument(`[${verb.argument.name}]`, verb.argument.description)
  for (const option of [CONFIG_OPTION, ...verb.options]) {
    command.addOption(new Option(option.flags, option.description).hideHelp(option.hidden === true))
  }
  if (verb.examples !== undefined)
    command.addHelpText('after', `\nExamples:\n${verb.examples.map((e) => `  ${e}`).join('\n')}\n`)
  try {
    command.parse([...argv], { from: 'user' })
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.help') return undefined
      throw new CliError(
        `${error.message.replace(/^error: /, '').replace(/\n/g, ' ')} Run 'sluice ${verb.name} --help' for usage.`,
      )
    }
    throw error
  }
  const opts = command.opts()
  const values = new Map<string, unknown>(
    command.options.map((option) => [option.long!.slice(2), opts[option.attributeName()]]),
  )
  return { argument: command.args[0], options: new VerbOptions(values) }
}
