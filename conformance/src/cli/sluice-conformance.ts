#!/usr/bin/env node
// `sluice-conformance --engine ./my-engine.js`: runs the conformance suite against a third-party engine module,
// through vitest (a peer dependency) started programmatically over the suite entry shipped in this package, then
// prints one line per scenario (passed, failed, skipped with the reason, known gap) with what it requires. Exits 1
// when a scenario fails, 2 on bad arguments.
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { specifiedScenarios } from '../scenarios/specified-scenarios.js'
import { buildSuiteEnvironment, parseCliArguments, USAGE, type CliArguments } from './parse-cli-arguments.js'
import { summarizeResults, type TestOutcome } from './summarize-results.js'

const here = fileURLToPath(import.meta.url)
/** The suite entry beside this file: `.ts` when run from source, `.js` from dist. */
const entry = resolve(dirname(here), `engine-suite${here.endsWith('.ts') ? '.ts' : '.js'}`)
const packageRoot = resolve(dirname(here), '../..')

let args: CliArguments
try {
  args = parseCliArguments(process.argv.slice(2))
} catch (error) {
  console.error(`sluice-conformance: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
  process.exit(2)
}
if (args.help) {
  console.log(USAGE)
  process.exit(0)
}
if (args.list) {
  for (const s of specifiedScenarios)
    console.log(
      `${s.key}${(s.requires ?? []).length === 0 ? '' : `  [requires ${s.requires!.join(', ')}]`}\n    ${s.title}`,
    )
  process.exit(0)
}
const enginePath = resolve(args.engine!)
if (!existsSync(enginePath)) {
  console.error(`sluice-conformance: no engine module at ${enginePath}`)
  process.exit(2)
}
Object.assign(process.env, buildSuiteEnvironment(args, pathToFileURL(enginePath).href))

const { startVitest } = await import('vitest/node').catch((error: unknown) => {
  console.error(`sluice-conformance: vitest is not installed (npm install --save-dev vitest): ${String(error)}`)
  process.exit(2)
})
const vitest = await startVitest('test', [], {
  root: packageRoot,
  config: args.vitestConfig === undefined ? false : resolve(args.vitestConfig),
  include: [entry],
  exclude: [],
  dir: dirname(entry),
  watch: false,
  run: true,
  reporters: ['default'],
  hookTimeout: 300_000,
  passWithNoTests: false,
})
const outcomes: TestOutcome[] = vitest.state.getTestModules().flatMap((module) =>
  [...module.children.allTests()].map((test) => {
    const result = test.result()
    return {
      name: test.name,
      state: result.state,
      note: result.state === 'skipped' ? result.note : undefined,
      knownGap: test.options.fails === true,
    }
  }),
)
await vitest.close()
const summary = summarizeResults(outcomes, specifiedScenarios)
console.log(`\nsluice-conformance: ${args.engine}\n${summary.lines.join('\n')}`)
const broken = summary.failed > 0 || outcomes.length === 0 || (process.exitCode !== undefined && process.exitCode !== 0)
process.exit(broken ? 1 : 0)
