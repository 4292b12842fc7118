import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { buildSuiteEnvironment, parseCliArguments } from '../src/cli/parse-cli-arguments.js'
import { formatCliReplay } from '../src/cli/format-cli-replay.js'
import { resolveEngineExport } from '../src/cli/resolve-engine-export.js'
import { summarizeResults } from '../src/cli/summarize-results.js'
import { specifiedScenarios } from '../src/scenarios/specified-scenarios.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Runs the CLI from source (as `sluice-conformance`), with the workspace's vitest config for the source condition. */
async function runCli(...args: string[]): Promise<{ code: number; output: string }> {
  const cli = [
    '--conditions=@sluice/source',
    '--import',
    'tsx',
    'conformance/src/cli/sluice-conformance.ts',
    ...args,
    '--vitest-config',
    'vitest.source.config.ts',
  ]
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, cli, {
      cwd: root,
      env: { ...process.env, CI: 'true', NO_COLOR: '1' },
      maxBuffer: 16 << 20,
    })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

describe('sluice-conformance', () => {
  it('runs the selected scenarios against an engine module from a path and lists each outcome with its requirements', async () => {
    const { code, output } = await runCli(
      '--engine',
      'conformance/test/support/pglite-engine.ts',
      '--only',
      'paging.tampered-after,procedures.call-count',
      '--runs',
      '1',
    )
    expect(output).toContain('✓ passed   paging.tampered-after\n')
    expect(output).toContain('✓ passed   procedures.call-count  [requires storedProcedures]')
    expect(output).toContain('2 passed, 0 failed, 0 skipped, 0 known gaps')
    expect(code).toBe(0)
  }, 120_000)

  it('exits non-zero when the suite fails, and 2 on bad arguments', async () => {
    const broken = await runCli(
      '--engine',
      'conformance/test/support/broken-engine.ts',
      '--only',
      'paging.tampered-after',
    )
    expect(broken.output).toContain('the broken engine cannot open a session')
    expect(broken.code).toBe(1)
    const bad = await runCli('--engine', 'conformance/test/support/no-such-engine.ts')
    expect(bad.output).toMatch(/no engine module at .*no-such-engine\.ts/)
    expect(bad.code).toBe(2)
  }, 120_000)
})

describe('parseCliArguments', () => {
  it('reads the engine, runs, seed, path, scenario filter and shrink budget into the suite variables', () => {
    const args = parseCliArguments([
      '--engine',
      './e.js',
      '--runs',
      '3',
      '--seed=-7',
      '--path',
      '1:0',
      '--only',
      'write, paging.cursor-walk',
      '--shrink-seconds',
      '0',
    ])
    expect(buildSuiteEnvironment(args, 'file:///x/e.js')).toEqual({
      SLUICE_CONFORMANCE_ENGINE: 'file:///x/e.js',
      SLUICE_CONFORMANCE_ENGINE_ARG: './e.js',
      SLUICE_CONFORMANCE_RUNS: '3',
      SLUICE_PBT_SEED: '-7',
      SLUICE_PBT_PATH: '1:0',
      SLUICE_SCENARIOS: 'write,paging.cursor-walk',
      SLUICE_PBT_SHRINK_SECONDS: '0',
    })
  })

  it('rejects what it cannot use, naming the option', () => {
    expect(() => parseCliArguments([])).toThrow(/--engine/)
    expect(() => parseCliArguments(['--engine', 'e', '--runs', '0'])).toThrow(/--runs/)
    expect(() => parseCliArguments(['--engine', 'e', '--path', '1:0'])).toThrow(/--seed/)
    expect(() => parseCliArguments(['--engine', 'e', '--bogus'])).toThrow(/bogus/)
    expect(parseCliArguments(['--list']).list).toBe(true)
  })

  it('prints a replay command naming the engine module, seed, path and scenario', () => {
    expect(
      formatCliReplay('./my engine.js')({ engine: 'x', scenario: 'write.junk-bodies', seed: 5, path: '2:1' }),
    ).toBe("sluice-conformance --engine './my engine.js' --seed=5 --path 2:1 --only write.junk-bodies")
  })
})

describe('resolveEngineExport', () => {
  const engine = { name: 'e', createPlugin: () => undefined, open: async () => undefined }
  it('takes a default-exported engine, a factory of one, or a named `engine` export', async () => {
    expect(await resolveEngineExport({ default: engine }, 'm')).toBe(engine)
    expect(await resolveEngineExport({ default: async () => engine }, 'm')).toBe(engine)
    expect(await resolveEngineExport({ engine }, 'm')).toBe(engine)
    await expect(resolveEngineExport({ other: 1 }, 'm.js')).rejects.toThrow(
      /m\.js must default-export a ConformanceEngine .*; exports other/,
    )
  })
})

describe('summarizeResults', () => {
  it('says per scenario whether it passed, failed, was skipped (why) or is a known gap, with what it requires', () => {
    const summary = summarizeResults(
      [
        { name: 'lists only real scenario keys in knownGaps', state: 'passed' },
        { name: 'paging.cursor-walk: t', state: 'passed' },
        { name: 'write.model-based: t', state: 'failed' },
        { name: 'procedures.call-count: t', state: 'skipped', note: "x's dialect lacks capability storedProcedures" },
        { name: 'write.junk-bodies: t', state: 'passed', knownGap: true },
      ],
      specifiedScenarios,
    )
    expect(summary.failed).toBe(1)
    expect(summary.lines).toEqual([
      '✓ passed   paging.cursor-walk',
      '✗ FAILED   write.model-based',
      "– skipped  procedures.call-count  [requires storedProcedures] (x's dialect lacks capability storedProcedures)",
      '~ known gap write.junk-bodies (fails, as knownGaps says)',
      '',
      '1 passed, 1 failed, 1 skipped, 1 known gaps',
    ])
  })
})
