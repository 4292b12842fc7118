import { parseArgs } from 'node:util'

/** What `sluice-conformance` was asked to do. */
export interface CliArguments {
  /** The engine module as given (a path); `undefined` with `--list` or `--help`. */
  readonly engine: string | undefined
  readonly runs: number | undefined
  readonly seed: number | undefined
  readonly path: string | undefined
  /** Scenario keys or groups (`write` = every `write.*`). */
  readonly only: readonly string[] | undefined
  readonly shrinkSeconds: number | undefined
  /** A vitest config file to use (aliases, resolve conditions); default none. */
  readonly vitestConfig: string | undefined
  readonly list: boolean
  readonly help: boolean
}

export const USAGE = `Usage: sluice-conformance --engine <module> [options]

Runs the Sluice conformance suite against the engine that <module> default-exports (a ConformanceEngine, or a
function returning one). Needs vitest installed beside @sluice/conformance.

Options:
  --engine <module>        path of the engine module (.js, .mjs or .ts)
  --runs <n>               runs per property instead of each scenario's default (e.g. 1 for a smoke run)
  --seed=<n>               seed for every property (printed by a failure, to replay it; = keeps a negative seed)
  --path <p>               with --seed: replay exactly the shrunk counterexample (e.g. 3:0:1)
  --only <key,...>         scenario keys or groups to run (e.g. write.junk-bodies,paging)
  --shrink-seconds <s>     how long a failing property may shrink (default 60; 0 = report it unshrunk)
  --vitest-config <file>   a vitest config to load (aliases, resolve conditions)
  --list                   list the scenarios with the capabilities they require, and exit
  --help                   this text`

/** Parses the command line; a bad or missing value is an error whose message says which option. */
export function parseCliArguments(argv: readonly string[]): CliArguments {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      engine: { type: 'string' },
      runs: { type: 'string' },
      seed: { type: 'string' },
      path: { type: 'string' },
      only: { type: 'string' },
      'shrink-seconds': { type: 'string' },
      'vitest-config': { type: 'string' },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  })
  const list = values.list === true
  const help = values.help === true
  if (!list && !help && values.engine === undefined) throw new Error('--engine <module> is required')
  if (values.path !== undefined && !/^\d+(:\d+)*$/.test(values.path))
    throw new Error(`--path must look like 3:0:1, not '${values.path}'`)
  if (values.path !== undefined && values.seed === undefined)
    throw new Error('--path needs the --seed it was printed with')
  const only = values.only
    ?.split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '')
  return {
    engine: values.engine,
    runs: readNumber('--runs', values.runs, (n) => Number.isInteger(n) && n > 0),
    seed: readNumber('--seed', values.seed, Number.isSafeInteger),
    path: values.path,
    only: only === undefined || only.length === 0 ? undefined : only,
    shrinkSeconds: readNumber('--shrink-seconds', values['shrink-seconds'], (n) => n >= 0),
    vitestConfig: values['vitest-config'],
    list,
    help,
  }
}

function readNumber(name: string, text: string | undefined, valid: (n: number) => boolean): number | undefined {
  if (text === undefined) return undefined
  const n = Number(text)
  if (text.trim() === '' || !Number.isFinite(n) || !valid(n))
    throw new Error(`${name} got '${text}', which is not a valid value`)
  return n
}

/** The environment the suite entry reads: the engine module and the run settings as the suite's variables. */
export function buildSuiteEnvironment(args: CliArguments, engineUrl: string): Record<string, string> {
  const env: Record<string, string> = {
    SLUICE_CONFORMANCE_ENGINE: engineUrl,
    SLUICE_CONFORMANCE_ENGINE_ARG: args.engine ?? '',
  }
  if (args.runs !== undefined) env['SLUICE_CONFORMANCE_RUNS'] = String(args.runs)
  if (args.seed !== undefined) env['SLUICE_PBT_SEED'] = String(args.seed)
  if (args.path !== undefined) env['SLUICE_PBT_PATH'] = args.path
  if (args.only !== undefined) env['SLUICE_SCENARIOS'] = args.only.join(',')
  if (args.shrinkSeconds !== undefined) env['SLUICE_PBT_SHRINK_SECONDS'] = String(args.shrinkSeconds)
  return env
}
