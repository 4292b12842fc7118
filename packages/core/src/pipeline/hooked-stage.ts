import type { Logger } from '../request/logger.js'
import type { RequestContext } from '../request/request-context.js'
import type { PipelineHooks, StageObserver } from './pipeline-hooks.js'
import type { Stage } from './stage.js'

type StageName = 'parse' | 'authorize' | 'fieldFilter' | 'plan' | 'execute' | 'shape'
type Hook = (event: never) => unknown
type After = (event: { output: unknown; setOutput?(o: unknown): void }) => void

const HOOK_KEYS: Record<StageName, keyof PipelineHooks> = {
  parse: 'onParse',
  authorize: 'onAuthorize',
  fieldFilter: 'onFieldFilter',
  plan: 'onPlan',
  execute: 'onExecute',
  shape: 'onShape',
}
/** Security stages: their hooks observe, they cannot replace input or output. */
const OBSERVE_ONLY: ReadonlySet<StageName> = new Set(['authorize', 'fieldFilter'])

/**
 * `stage` with the hooks plugins registered on it, or `stage` itself when there are none: the pipeline then calls
 * each stage at a call site of its own, and a request pays nothing for the hook mechanism it does not use.
 */
export function withHooks<I, O>(
  name: StageName,
  stage: Stage<I, O>,
  hooks: readonly PipelineHooks[],
  log: Logger,
): Stage<I, O> {
  const own = hooks.map((h) => h[HOOK_KEYS[name]] as Hook | undefined).filter((h): h is Hook => typeof h === 'function')
  return own.length === 0 ? stage : new HookedStage(name, stage, { hooks: own, log })
}

/** Before-hooks run, then the stage (unless a hook supplied its output), then the after-callbacks. */
class HookedStage<I, O> implements Stage<I, O> {
  readonly #replaceable: boolean

  readonly #hooks: readonly Hook[]
  readonly #log: Logger

  constructor(
    private readonly name: StageName,
    private readonly stage: Stage<I, O>,
    hooked: { readonly hooks: readonly Hook[]; readonly log: Logger },
  ) {
    this.#replaceable = !OBSERVE_ONLY.has(name)
    this.#hooks = hooked.hooks
    this.#log = hooked.log
  }

  async run(input: I, context: RequestContext): Promise<O> {
    const replaceable = this.#replaceable
    let current = input
    let output: O | undefined
    let replaced = false
    const event = replaceable
      ? {
          get input() {
            return current
          },
          context,
          setInput: (i: I) => {
            current = i
          },
          setOutput: (o: O) => {
            output = o
            replaced = true
          },
        }
      : Object.freeze({ input, context })
    const afters: After[] = []
    let onErrors: ((event: { error: unknown }) => void)[] | undefined
    for (const hook of this.#hooks) {
      const returned = (hook as (e: unknown) => unknown)(event)
      if (typeof returned === 'function') afters.push(returned as After)
      else if (typeof returned === 'object' && returned !== null) {
        const observer = returned as StageObserver<After>
        if (observer.after !== undefined) afters.push(observer.after)
        if (observer.onError !== undefined) (onErrors ??= []).push(observer.onError)
      }
    }
    if (!replaced) {
      try {
        output = await this.stage.run(current, context)
      } catch (error) {
        for (const onError of onErrors ?? []) onError({ error })
        throw error
      }
    }
    for (const after of afters) {
      if (replaceable)
        after({
          output,
          setOutput: (o: unknown) => {
            output = o as O
          },
        })
      else after(Object.freeze({ output }))
    }
    this.#log.trace({ stage: this.name, requestId: context.requestId }, 'stage ran with hooks')
    return output as O
  }
}
