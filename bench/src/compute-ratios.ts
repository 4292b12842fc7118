import type { BenchScenario } from './bench-scenarios.js'
import type { SystemKey } from './bench-systems.js'
import type { SystemMeasurement } from './measure-system.js'

export interface RatioResult {
  readonly scenario: BenchScenario['key']
  /** The numerator: Sluice, or the scenario's own `ratios`. */
  readonly system: SystemKey
  readonly baseline: SystemKey
  readonly tool: 'autocannon' | 'wrk'
  readonly sluiceRequestsPerSecond: number
  readonly baselineRequestsPerSecond: number
  /** Sluice's median req/s divided by the baseline's, both from the same run of the harness. */
  readonly ratio: number
  readonly target: number | undefined
  readonly met: boolean | undefined
}

/** Sluice / every other system (or the scenario's own `ratios`) of each scenario (median req/s), per load generator, with the scenario's targets. */
export function computeRatios(
  scenarios: readonly BenchScenario[],
  measurements: readonly SystemMeasurement[],
): RatioResult[] {
  const ratios: RatioResult[] = []
  for (const scenario of scenarios) {
    const of = (system: SystemKey): SystemMeasurement | undefined =>
      measurements.find((m) => m.scenario === scenario.key && m.system === system)
    const pairs =
      scenario.ratios ??
      (Object.keys(scenario.paths) as SystemKey[])
        .filter((k) => k !== 'sluice')
        .map((baseline) => ({ system: 'sluice' as SystemKey, baseline }))
    for (const { system, baseline } of pairs) {
      const sluice = of(system)
      const other = of(baseline)
      if (sluice === undefined || other === undefined) continue
      for (const tool of ['autocannon', 'wrk'] as const) {
        const a = sluice[tool]?.requestsPerSecond
        const b = other[tool]?.requestsPerSecond
        if (a === undefined || b === undefined || b === 0) continue
        const target = scenario.targets.find((t) => t.baseline === baseline)?.ratio
        const ratio = a / b
        ratios.push({
          scenario: scenario.key,
          system,
          baseline,
          tool,
          sluiceRequestsPerSecond: a,
          baselineRequestsPerSecond: b,
          ratio,
          target,
          met: target === undefined ? undefined : ratio >= target,
        })
      }
    }
  }
  return ratios
}
