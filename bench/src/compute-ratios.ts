import type { BenchScenario } from './bench-scenarios.js'
import type { SystemKey } from './bench-systems.js'
import type { SystemMeasurement } from './measure-system.js'

export interface RatioResult {
  readonly scenario: BenchScenario['key']
  readonly baseline: SystemKey
  readonly tool: 'autocannon' | 'wrk'
  readonly sluiceRequestsPerSecond: number
  readonly baselineRequestsPerSecond: number
  /** Sluice's median req/s divided by the baseline's, both from the same run of the harness. */
  readonly ratio: number
  readonly target: number | undefined
  readonly met: boolean | undefined
}

/** Sluice / every other system of each scenario (median req/s), per load generator, with the scenario's targets. */
export function computeRatios(scenarios: readonly BenchScenario[], measurements: readonly SystemMeasurement[]): RatioResult[] {
  const ratios: RatioResult[] = []
  for (const scenario of scenarios) {
    const of = (system: SystemKey): SystemMeasurement | undefined =>
      measurements.find((m) => m.scenario === scenario.key && m.system === system)
    const sluice = of('sluice')
    if (sluice === undefined) continue
    for (const baseline of Object.keys(scenario.paths) as SystemKey[]) {
      if (baseline === 'sluice') continue
      const other = of(baseline)
      if (other === undefined) continue
      for (const tool of ['autocannon', 'wrk'] as const) {
        const a = sluice[tool]?.requestsPerSecond
        const b = other[tool]?.requestsPerSecond
        if (a === undefined || b === undefined || b === 0) continue
        const target = scenario.targets.find((t) => t.baseline === baseline)?.ratio
        const ratio = a / b
        ratios.push({
          scenario: scenario.key, baseline, tool,
          sluiceRequestsPerSecond: a, baselineRequestsPerSecond: b, ratio,
          target, met: target === undefined ? undefined : ratio >= target,
        })
      }
    }
  }
  return ratios
}
