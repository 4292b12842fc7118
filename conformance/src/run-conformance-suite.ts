import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '@sluice/core'
import type { DialectCapabilities } from '@sluice/core/protocol'
import { checkProperty, type ReplayArguments } from './check-property.js'
import type { ConformanceEngine, ConformanceSource, EngineSession } from './conformance-engine.js'
import { isEngineUnavailableError } from './engine-unavailable-error.js'
import { createFixtureServer } from './fixture-server.js'
import { isEngineSelected, isScenarioSelected, readRunConfig, type RunConfig } from './run-config.js'
import { findMissingCapabilities, type Scenario, type ScenarioHarness } from './scenario.js'
import { SCENARIO_KEYS } from './scenario-keys.js'
import { specifiedScenarios } from './scenarios/specified-scenarios.js'

export interface ConformanceSuiteOptions {
  /** Replaces every scenario's default run count (`SLUICE_PBT_RUNS` still multiplies it); e.g. 1 for a smoke run. */
  readonly numRuns?: number
  /** Seed for every property when `SLUICE_PBT_SEED` is not set. */
  readonly seed?: number
  /** The scenarios to register (default: every specified scenario; `SLUICE_SCENARIOS` selects among them). */
  readonly scenarios?: readonly Scenario[]
  /** The command a failure prints to replay it (default: `vitest run conformance` with `SLUICE_PBT_SEED`/`_PATH`). */
  readonly replay?: (failure: ReplayArguments) => string
}

/** Per-test time for the runs before `SLUICE_PBT_RUNS` scales it; generous, since no test asserts timings. */
const BASE_RUN_BUDGET_MS = 120_000
/** Time left after the check's deadline for closing servers and reporting, before vitest's own timeout. */
const MARGIN_MS = 30_000

/**
 * Registers the conformance suite for one engine (inside vitest): a `describe` named after the engine that opens
 * one session, runs every scenario under its stable key, and closes the session. A scenario whose `requires`
 * names a capability the engine's dialect lacks is skipped, stating which; a key in `knownGaps` runs as
 * `it.fails`; a meta-test checks that every known gap names a real scenario. `SLUICE_ENGINES` can leave the
 * engine out; an engine that cannot be reached is skipped with its reason (a failure under `CI=true`).
 */
export function runConformanceSuite<S extends EngineSession>(
  engine: ConformanceEngine<S>,
  options: ConformanceSuiteOptions = {},
): void {
  const envConfig = readRunConfig()
  const config: RunConfig = { ...envConfig, seed: envConfig.seed ?? options.seed }
  const scenarios = (options.scenarios ?? specifiedScenarios).filter((s) => isScenarioSelected(config, s.key))
  const budgetMs = BASE_RUN_BUDGET_MS * config.runsMultiplier + config.shrinkSeconds * 1000
  const title = `conformance: ${engine.name}`
  if (!isEngineSelected(config, engine.name)) {
    describe.skip(`${title} (not in SLUICE_ENGINES=${config.engines?.join(',') ?? ''})`, () => {
      it('is not selected', () => undefined)
    })
    return
  }
  describe(title, () => {
    let session: S | undefined
    let capabilities: DialectCapabilities | undefined
    let unavailable: string | undefined

    beforeAll(async () => {
      try {
        session = await engine.open()
      } catch (error) {
        if (!isEngineUnavailableError(error)) throw error
        if (config.ci)
          throw new Error(`${error.message} (CI=true: the ${engine.name} conformance suite must run, not skip)`, {
            cause: error,
          })
        unavailable = `${engine.name} is unavailable: ${error.message}`
        console.warn(`[conformance] skipping ${engine.name}: ${error.message}`)
        return
      }
      capabilities = engine
        .createPlugin(session)
        .createDialect(toDataSourceConfig(session.source), { baseDir: process.cwd(), log: silentLogger }).capabilities
    })
    afterAll(async () => {
      await session?.close()
    })

    it('lists only real scenario keys in knownGaps', () => {
      const known: ReadonlySet<string> = new Set(SCENARIO_KEYS)
      expect(
        (engine.knownGaps ?? []).filter((key) => !known.has(key)),
        'knownGaps keys that name no scenario',
      ).toEqual([])
    })

    const gaps: ReadonlySet<string> = new Set(engine.knownGaps ?? [])
    for (const scenario of scenarios) {
      const register = gaps.has(scenario.key) ? it.fails : it
      register(
        `${scenario.key}: ${scenario.title}`,
        async (context) => {
          if (unavailable !== undefined) context.skip(unavailable)
          const missing = findMissingCapabilities(scenario.requires ?? [], capabilities!)
          if (missing.length > 0) context.skip(`${engine.name}'s dialect lacks capability ${missing.join(', ')}`)
          await scenario.run(createHarness(engine, session!, scenario, config, options, Date.now() + budgetMs))
        },
        budgetMs + MARGIN_MS,
      )
    }
  })
}

function createHarness<S extends EngineSession>(
  engine: ConformanceEngine<S>,
  session: S,
  scenario: Scenario,
  config: RunConfig,
  options: ConformanceSuiteOptions,
  deadline: number,
): ScenarioHarness {
  return {
    async withServer(fixture, fn, serverOptions) {
      const server = await createFixtureServer(engine, session, fixture, serverOptions)
      try {
        return await fn(server)
      } finally {
        await server.close()
      }
    },
    limits: engine.limits ?? {},
    check: (property, baseRuns) =>
      checkProperty(property, {
        baseRuns: options.numRuns ?? baseRuns,
        config,
        engine: engine.name,
        scenario: scenario.key,
        deadline,
        ...(options.replay === undefined ? {} : { replay: options.replay }),
      }),
  }
}

function toDataSourceConfig(source: ConformanceSource) {
  return {
    name: 'default',
    databaseType: source.databaseType,
    connectionString: source.connectionString,
    options: source.options ?? {},
    health: { enabled: false, name: undefined, thresholdMs: 1000 },
  }
}
