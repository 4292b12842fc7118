import { inject, injectable } from '../di/container.js'
import { Tokens } from '../di/tokens.js'
import { isSluiceError, SluiceError } from '../errors/sluice-error.js'
import type { Logger } from '../request/logger.js'
import type { OperationRequest } from '../request/operation-request.js'
import type { RequestContext } from '../request/request-context.js'
import type { OperationResult } from './operation-result.js'
import type { MultipleCreate, MultipleCreateSteps } from './multiple-create.js'
import type { PipelineHooks, StageObserver } from './pipeline-hooks.js'
import type { AuthorizeStage, ExecuteStage, FieldFilterStage, ParseStage, PlanStage, ShapeStage, Stage } from './stage.js'

type StageName = 'parse' | 'authorize' | 'fieldFilter' | 'plan' | 'execute' | 'shape'
type Hook = (event: never) => unknown
type After = (event: { output: unknown; setOutput?(o: unknown): void }) => void

const HOOK_KEYS: Record<StageName, keyof PipelineHooks> = {
  parse: 'onParse', authorize: 'onAuthorize', fieldFilter: 'onFieldFilter', plan: 'onPlan', execute: 'onExecute', shape: 'onShape',
}
/** Security stages: their hooks observe, they cannot replace input or output. */
const OBSERVE_ONLY: ReadonlySet<StageName> = new Set(['authorize', 'fieldFilter'])

/**
 * Runs a request through parse → authorize → field-filter → plan → execute → shape. The order is fixed here and
 * cannot be configured: authorization can be neither reordered nor skipped. Stages throw only `SluiceError`;
 * anything else is logged once and becomes `SLUICE_ERR_INTERNAL` (its details never reach the client).
 */
@injectable()
export class Pipeline {
  readonly #hooks: Readonly<Record<StageName, readonly Hook[]>>

  constructor(
    @inject(Tokens.ParseStage) private readonly parse: ParseStage,
    @inject(Tokens.AuthorizeStage) private readonly authorize: AuthorizeStage,
    @inject(Tokens.FieldFilterStage) private readonly fieldFilter: FieldFilterStage,
    @inject(Tokens.PlanStage) private readonly plan: PlanStage,
    @inject(Tokens.ExecuteStage) private readonly execute: ExecuteStage,
    @inject(Tokens.ShapeStage) private readonly shape: ShapeStage,
    @inject(Tokens.PipelineHooks) hooks: readonly PipelineHooks[],
    @inject(Tokens.Logger) private readonly log: Logger,
    @inject(Tokens.MultipleCreate) private readonly multipleCreate?: MultipleCreate,
  ) {
    const byStage = (name: StageName): Hook[] =>
      hooks.map((h) => h[HOOK_KEYS[name]] as Hook | undefined).filter((h): h is Hook => typeof h === 'function')
    this.#hooks = Object.freeze({
      parse: byStage('parse'), authorize: byStage('authorize'), fieldFilter: byStage('fieldFilter'),
      plan: byStage('plan'), execute: byStage('execute'), shape: byStage('shape'),
    })
  }

  async run(request: OperationRequest, context: RequestContext): Promise<OperationResult> {
    try {
      // Several records, nested related records or relations to return: one transaction, through the same stages.
      if (this.multipleCreate?.applies(request) === true) return await this.multipleCreate.run(request, context, this.#steps)
      // Stages are synchronous unless they do I/O; awaiting only real promises saves a microtask per stage.
      const p1 = this.#step('parse', this.parse, request, context)
      const parsed = p1 instanceof Promise ? await p1 : p1
      const p2 = this.#step('authorize', this.authorize, parsed, context)
      const authorized = p2 instanceof Promise ? await p2 : p2
      const p3 = this.#step('fieldFilter', this.fieldFilter, authorized, context)
      const scoped = p3 instanceof Promise ? await p3 : p3
      const p4 = this.#step('plan', this.plan, scoped, context)
      const plan = p4 instanceof Promise ? await p4 : p4
      const result = await this.#step('execute', this.execute, plan, context)
      return await this.#step('shape', this.shape, { request: scoped, plan, result }, context)
    } catch (error) {
      if (isSluiceError(error)) throw error
      context.log.error({ err: error, requestId: context.requestId }, 'unexpected error in the request pipeline')
      throw new SluiceError('SLUICE_ERR_INTERNAL', {}, { cause: error })
    }
  }

  readonly #steps: MultipleCreateSteps = {
    prepare: async (request, context) => {
      const parsed = await this.#step('parse', this.parse, request, context)
      const authorized = await this.#step('authorize', this.authorize, parsed, context)
      const scoped = await this.#step('fieldFilter', this.fieldFilter, authorized, context)
      return { request: scoped, plan: await this.#step('plan', this.plan, scoped, context) }
    },
    shape: async (executed, context) => this.#step('shape', this.shape, executed, context),
  }

  /** A stage without hooks is called directly; with hooks, before-hooks run, then the stage, then after-callbacks. */
  #step<I, O>(name: StageName, stage: Stage<I, O>, input: I, context: RequestContext): O | Promise<O> {
    const hooks = this.#hooks[name]
    return hooks.length === 0 ? stage.run(input, context) : this.#stepWithHooks(name, hooks, stage, input, context)
  }

  async #stepWithHooks<I, O>(name: StageName, hooks: readonly Hook[], stage: Stage<I, O>, input: I, context: RequestContext): Promise<O> {
    const replaceable = !OBSERVE_ONLY.has(name)
    let current = input
    let output: O | undefined
    let replaced = false
    const event = replaceable
      ? { get input() { return current }, context, setInput: (i: I) => { current = i }, setOutput: (o: O) => { output = o; replaced = true } }
      : Object.freeze({ input, context })
    const afters: After[] = []
    let onErrors: ((event: { error: unknown }) => void)[] | undefined
    for (const hook of hooks) {
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
        output = await stage.run(current, context)
      } catch (error) {
        for (const onError of onErrors ?? []) onError({ error })
        throw error
      }
    }
    for (const after of afters) {
      if (replaceable) after({ output, setOutput: (o: unknown) => { output = o as O } })
      else after(Object.freeze({ output }))
    }
    this.log.trace({ stage: name, requestId: context.requestId }, 'stage ran with hooks')
    return output as O
  }
}
