import * as fc from 'fast-check'

export interface ShrinkBudgetOptions {
  /** How long shrinking may take after the first failure; then the smallest counterexample so far is reported. */
  readonly budgetMs: number
  /** Prefix of every progress line, e.g. `[pglite] write.junk-bodies`. */
  readonly label: string
  /** Where progress lines go (the suite passes `console.warn`, which vitest shows under the test). */
  readonly report: (line: string) => void
  /** At most one "still shrinking" line per this many milliseconds (default 5000). */
  readonly everyMs?: number
  /** The clock (tests pass their own). */
  readonly now?: () => number
}

/**
 * A fast-check plugin that bounds shrinking in time and reports its progress. fast-check shrinks until no smaller
 * failing value is found, which on a slow property (a server boot per run) can take many minutes and hold every
 * candidate's data meanwhile; this plugin ends shrinking once `budgetMs` has passed since the first failure by
 * interrupting the run (`PreconditionFailure(true)`), so fast-check reports the smallest failing value found so far,
 * with its seed and path. Progress: a line when the property first fails, a line at most every `everyMs` while
 * shrinking, and a closing line with the number of steps.
 */
export function createShrinkBudgetPlugin<Ts>(options: ShrinkBudgetOptions): fc.Plugin<Ts> {
  const now = options.now ?? Date.now
  const everyMs = options.everyMs ?? 5000
  return () => {
    let runs = 0
    let failedAt: number | undefined
    let steps = 0
    let smaller = 0
    let lastReport = 0
    let exhausted = false
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`
    const observe = (out: fc.PreconditionFailure | fc.PropertyFailure | null) => {
      if (out === null || fc.PreconditionFailure.isFailure(out)) return out
      const at = now()
      if (failedAt === undefined) {
        failedAt = at
        lastReport = at
        options.report(`${options.label}: failing at run ${runs}, shrinking (budget ${seconds(options.budgetMs)})…`)
      } else {
        smaller++
        if (at - lastReport >= everyMs) {
          lastReport = at
          options.report(
            `${options.label}: failing, shrinking… step ${steps}, ${smaller} smaller counterexamples, ${seconds(at - failedAt)} of ${seconds(options.budgetMs)}`,
          )
        }
      }
      return out
    }
    return {
      decorateRun: (nestedRun) => (value) => {
        if (failedAt === undefined) runs++
        else {
          if (now() - failedAt >= options.budgetMs) {
            if (!exhausted)
              options.report(
                `${options.label}: shrink budget of ${seconds(options.budgetMs)} spent after ${steps} steps; reporting the smallest counterexample so far`,
              )
            exhausted = true
            return new fc.PreconditionFailure(true)
          }
          steps++
        }
        const out = nestedRun(value)
        return out !== null && typeof out === 'object' && 'then' in out ? out.then(observe) : observe(out)
      },
      onAllRunsComplete: () => {
        if (failedAt !== undefined && !exhausted)
          options.report(
            `${options.label}: shrunk in ${steps} steps (${smaller} smaller counterexamples, ${seconds(now() - failedAt)})`,
          )
      },
    }
  }
}
