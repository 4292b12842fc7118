import { isSluiceError, SluiceError } from '../errors/sluice-error.js'
import type { LimitsConfig } from '../config/runtime-config.js'
import { estimateReadCost } from '../request/estimate-read-cost.js'
import type { ReadCostStatistics } from '../request/model-statistics.js'
import type { Logger } from '../request/logger.js'
import type { OperationRequest } from '../request/operation-request.js'
import type { AuthorizedRequest } from '../request/authorized-request.js'
import { RequestBudget } from '../request/request-budget.js'
import type { RequestContext } from '../request/request-context.js'
import type { OperationResult } from './operation-result.js'
import type { MultipleCreate, MultipleCreateSteps } from './multiple-create.js'
import type { PipelineHooks } from './pipeline-hooks.js'
import { withHooks } from './hooked-stage.js'
import type { PreparedOperation } from './prepared-operation.js'
import type { AuthorizeStage, ExecuteStage, FieldFilterStage, ParseStage, PlanStage, ShapeStage } from './stage.js'

/** No figures: each level of a read costs its page size. */
const NO_STATISTICS: ReadCostStatistics = Object.freeze({ rowsOf: () => undefined, fanOutOf: () => undefined })

/** What a pipeline is made of: the six stages, the hooks plugins registered, and the bounds of a request. */
export interface PipelineParts {
  readonly stages: {
    readonly parse: ParseStage
    readonly authorize: AuthorizeStage
    readonly fieldFilter: FieldFilterStage
    readonly plan: PlanStage
    readonly execute: ExecuteStage
    readonly shape: ShapeStage
  }
  readonly hooks: readonly PipelineHooks[]
  readonly log: Logger
  /** Bounds each operation alone when its request carries no budget (`RequestContext.budget`). */
  readonly limits?: LimitsConfig | undefined
  /** What the catalog says of the data, which caps each level of a read's estimated cost; none: page sizes alone. */
  readonly statistics?: ReadCostStatistics | undefined
  /** Runs creates with several or nested records; without it they are refused as unknown fields. */
  readonly multipleCreate?: MultipleCreate | undefined
}

/**
 * Runs a request through parse → authorize → field-filter → plan → execute → shape. The order is fixed here and
 * cannot be configured: authorization can be neither reordered nor skipped. Stages throw only `SluiceError`;
 * anything else is logged once and becomes `SLUICE_ERR_INTERNAL` (its details never reach the client).
 *
 * Every statement is claimed from the request's budget (`RequestContext.budget`) between field-filter and plan, so
 * the bounds hold whichever plan stage a plugin installs. A protocol whose request runs several operations (a
 * GraphQL document) calls `prepare` for all of them first — every bound is then checked before any SQL — and
 * `execute` for each afterwards; `run` is both at once.
 */
export class Pipeline {
  readonly #parse: ParseStage
  readonly #authorize: AuthorizeStage
  readonly #fieldFilter: FieldFilterStage
  readonly #plan: PlanStage
  readonly #execute: ExecuteStage
  readonly #shape: ShapeStage
  readonly #limits: LimitsConfig | undefined
  readonly #multipleCreate: MultipleCreate | undefined
  readonly #statistics: ReadCostStatistics

  /** Boot builds it from the container's stages (`registerDefaults`); hooks wrap only the stages they name. */
  constructor(parts: PipelineParts) {
    const { stages, hooks, log } = parts
    this.#limits = parts.limits
    this.#multipleCreate = parts.multipleCreate
    this.#statistics = parts.statistics ?? NO_STATISTICS
    this.#parse = withHooks('parse', stages.parse, hooks, log)
    this.#authorize = withHooks('authorize', stages.authorize, hooks, log)
    this.#fieldFilter = withHooks('fieldFilter', stages.fieldFilter, hooks, log)
    this.#plan = withHooks('plan', stages.plan, hooks, log)
    this.#execute = withHooks('execute', stages.execute, hooks, log)
    this.#shape = withHooks('shape', stages.shape, hooks, log)
  }

  async run(request: OperationRequest, context: RequestContext): Promise<OperationResult> {
    try {
      // Several records, nested related records or relations to return: one transaction, through the same stages.
      if (this.#multipleCreate?.applies(request) === true)
        return await this.#multipleCreate.run(request, context, this.#steps)
      // Stages are synchronous unless they do I/O; awaiting only real promises saves a microtask per stage.
      // Each stage has a call site of its own (one receiver type each, when no plugin hooks it).
      const p1 = this.#parse.run(request, context)
      const parsed = p1 instanceof Promise ? await p1 : p1
      const p2 = this.#authorize.run(parsed, context)
      const authorized = p2 instanceof Promise ? await p2 : p2
      const p3 = this.#fieldFilter.run(authorized, context)
      const checked = p3 instanceof Promise ? await p3 : p3
      this.#claim(checked, context)
      const p4 = this.#plan.run(checked, context)
      const plan = p4 instanceof Promise ? await p4 : p4
      const result = await this.#execute.run(plan, context)
      const shaped = this.#shape.run({ request: checked, plan, result }, context)
      return shaped instanceof Promise ? await shaped : shaped
    } catch (error) {
      throw this.#coded(error, context)
    }
  }

  /**
   * parse → authorize → field-filter → plan, with the statement claimed from the request's budget: everything up to
   * the SQL. A multiple create is planned record by record inside its transaction, when `execute` runs it.
   */
  async prepare(request: OperationRequest, context: RequestContext): Promise<PreparedOperation> {
    try {
      if (this.#multipleCreate?.applies(request) === true) return { kind: 'multiple-create', request }
      const authorized = await this.#admit(request, context)
      return { kind: 'planned', request: authorized, plan: await this.#plan.run(authorized, context) }
    } catch (error) {
      throw this.#coded(error, context)
    }
  }

  /** execute → shape of a prepared operation (see `prepare`), unless the request's deadline has passed (504). */
  async execute(prepared: PreparedOperation, context: RequestContext): Promise<OperationResult> {
    try {
      context.budget?.startStatement()
      if (prepared.kind === 'multiple-create')
        return await this.#multipleCreate!.run(prepared.request, context, this.#steps)
      const result = await this.#execute.run(prepared.plan, context)
      return await this.#shape.run({ request: prepared.request, plan: prepared.plan, result }, context)
    } catch (error) {
      throw this.#coded(error, context)
    }
  }

  /** parse → authorize → field-filter, and the claim: what the plan stage takes. */
  async #admit(request: OperationRequest, context: RequestContext): Promise<AuthorizedRequest> {
    const parsed = await this.#parse.run(request, context)
    const authorized = await this.#authorize.run(parsed, context)
    const checked = await this.#fieldFilter.run(authorized, context)
    this.#claim(checked, context)
    return checked
  }

  /** One statement, and the rows its read may build, from the request's budget (or alone, without one). */
  #claim(request: AuthorizedRequest, context: RequestContext): void {
    const budget = context.budget ?? (this.#limits === undefined ? undefined : RequestBudget.fromLimits(this.#limits))
    budget?.claim(estimateReadCost(request.parsed, this.#statistics))
  }

  #coded(error: unknown, context: RequestContext): SluiceError {
    if (isSluiceError(error)) return error
    context.log.error({ err: error, requestId: context.requestId }, 'unexpected error in the request pipeline')
    return new SluiceError('SLUICE_ERR_INTERNAL', {}, { cause: error })
  }

  readonly #steps: MultipleCreateSteps = {
    authorize: async (request, context) => {
      const parsed = await this.#parse.run(request, context)
      try {
        await this.#authorize.run(parsed, context)
      } catch (error) {
        // The stage passed role × action and then reported what it held back about the probe's own body.
        if (!('unbound' in parsed) || error !== parsed.unbound) throw error
      }
    },
    prepare: async (request, context) => {
      const authorized = await this.#admit(request, context)
      return { request: authorized, plan: await this.#plan.run(authorized, context) }
    },
    execute: async (plan, context) => this.#execute.run(plan, context),
    shape: async (executed, context) => this.#shape.run(executed, context),
  }
}
