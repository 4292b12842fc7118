import type * as fc from 'fast-check'
import type { DialectCapabilities } from '@sluice/core/protocol'
import type { EngineLimits } from './conformance-engine.js'
import type { Fixture } from './fixture.js'
import type { FixtureServer, FixtureServerOptions } from './fixture-server.js'
import type { ScenarioKey } from './scenario-keys.js'

/** A capability flag a scenario can require: the boolean members of `DialectCapabilities`. */
export type CapabilityName = {
  [K in keyof DialectCapabilities]: DialectCapabilities[K] extends boolean ? K : never
}[keyof DialectCapabilities]

/** What a scenario may use: servers over fixtures in the engine's session, and the suite's property runner. */
export interface ScenarioHarness {
  /**
   * Boots a server over `fixture` (replacing the session's tables), runs `fn`, and always closes the server. The
   * entities are read-only for the anonymous role unless `options.actions` grants more, or `options.permissions` replaces
   * the permission table of a fixture table (as the `auth.*` scenarios do).
   */
  withServer<T>(fixture: Fixture, fn: (server: FixtureServer) => Promise<T>, options?: FixtureServerOptions): Promise<T>
  /**
   * Checks a property with the suite's budget (`baseRuns` times `SLUICE_PBT_RUNS`) and seed; a failure reports
   * the seed and path that replay it.
   */
  check<Ts>(property: fc.IAsyncPropertyWithHooks<Ts>, baseRuns: number): Promise<void>
  /** The engine's declared database limits (`ConformanceEngine.limits`; `{}` when it declares none). */
  readonly limits: EngineLimits
}

/** One conformance behaviour, registered under a stable key. Scenarios never branch on engine names. */
export interface Scenario {
  readonly key: ScenarioKey
  /** The behaviour, stated as a sentence (the test name after the key). */
  readonly title: string
  /**
   * What the scenario checks, as one Markdown paragraph: the property, its inputs and the oracle. The README's
   * scenario table is generated from it (`corepack pnpm conformance:readme`); without one, the title stands in.
   */
  readonly description?: string
  /** Capabilities the behaviour needs; an engine lacking one skips the scenario, stating which. */
  readonly requires?: readonly CapabilityName[]
  run(harness: ScenarioHarness): Promise<void>
}

/** The required capabilities `capabilities` lacks, in the order required. */
export function findMissingCapabilities(
  requires: readonly CapabilityName[],
  capabilities: DialectCapabilities,
): CapabilityName[] {
  return requires.filter((name) => !capabilities[name])
}
