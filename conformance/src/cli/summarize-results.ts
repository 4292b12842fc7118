import type { Scenario } from '../scenario.js'

/** One test's outcome as vitest reports it (only what the summary needs). */
export interface TestOutcome {
  /** The test's name: `<scenario key>: <title>`, or a meta-test's name. */
  readonly name: string
  readonly state: 'passed' | 'failed' | 'skipped' | 'pending'
  /** The skip reason (`context.skip(note)`): a missing capability, an unreachable engine. */
  readonly note?: string | undefined
  /** Registered with `it.fails` (a known gap): "passed" then means it failed as expected. */
  readonly knownGap?: boolean
}

export interface Summary {
  readonly lines: readonly string[]
  readonly failed: number
}

/**
 * A line per scenario outcome, with what the scenario requires: `✓ passed`, `✗ FAILED`, `– skipped (reason)`, or
 * `~ known gap` (failed as the engine's `knownGaps` says). Meta-tests are listed only when they fail.
 */
export function summarizeResults(outcomes: readonly TestOutcome[], scenarios: readonly Scenario[]): Summary {
  const byKey = new Map(scenarios.map((s) => [s.key as string, s]))
  const lines: string[] = []
  let failed = 0
  const counts = { passed: 0, failed: 0, skipped: 0, gaps: 0 }
  for (const outcome of outcomes) {
    const key = outcome.name.split(': ')[0]!
    const scenario = byKey.get(key)
    if (outcome.state === 'failed') failed++
    if (scenario === undefined) {
      if (outcome.state === 'failed') lines.push(`✗ FAILED   ${outcome.name}`)
      continue
    }
    const requires = (scenario.requires ?? []).length === 0 ? '' : `  [requires ${scenario.requires!.join(', ')}]`
    if (outcome.state === 'failed') {
      counts.failed++
      lines.push(`✗ FAILED   ${key}${requires}`)
    } else if (outcome.state === 'passed' && outcome.knownGap === true) {
      counts.gaps++
      lines.push(`~ known gap ${key}${requires} (fails, as knownGaps says)`)
    } else if (outcome.state === 'passed') {
      counts.passed++
      lines.push(`✓ passed   ${key}${requires}`)
    } else {
      counts.skipped++
      lines.push(`– skipped  ${key}${requires}${outcome.note === undefined ? '' : ` (${outcome.note})`}`)
    }
  }
  lines.push(
    '',
    `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.gaps} known gaps`,
  )
  return { lines, failed }
}
