import { describe, expect, it } from 'vitest'
import { silentLogger } from '../request/logger.js'
import type { RequestContext } from '../request/request-context.js'
import { SluiceError } from '../errors/sluice-error.js'
import { RequestBudget } from '../request/request-budget.js'
import { Pipeline } from './pipeline.js'
import type { PipelineHooks } from './pipeline-hooks.js'
import type { Stage } from './stage.js'

const context: RequestContext = {
  requestId: '1',
  principal: { authenticated: false, roles: [], claims: {} },
  role: 'anonymous',
  mode: 'production',
  log: silentLogger,
  signal: undefined,
}

/**
 * Stages that record their order and pass a marker along, so hook effects are visible. The marker reads as text; as a
 * request it is a procedure call, which the budget counts as one statement and no rows.
 */
function createPipeline(
  hooks: PipelineHooks[],
  trace: string[],
  overrides: Record<string, Stage<unknown, unknown>> = {},
) {
  const stage = (name: string): Stage<unknown, unknown> =>
    overrides[name] ?? {
      run: (input) => {
        trace.push(name)
        return marker(`${String(input)}>${name}`)
      },
    }
  const p = new Pipeline({
    stages: {
      parse: stage('parse') as never,
      authorize: stage('authorize') as never,
      fieldFilter: stage('fieldFilter') as never,
      plan: stage('plan') as never,
      execute: {
        run: async (input: unknown) => {
          trace.push('execute')
          return `${String(input)}>execute`
        },
      } as never,
      shape: {
        run: (input: { result: unknown }) => {
          trace.push('shape')
          return `${String(input.result)}>shape`
        },
      } as never,
    },
    hooks,
    log: silentLogger,
  })
  return p
}

function marker(text: string) {
  return { parsed: { kind: 'execute' }, toString: () => text }
}

describe('Pipeline', () => {
  it("prepares up to the plan, claiming each statement from the request's budget, and executes later", async () => {
    const trace: string[] = []
    const pipeline = createPipeline([], trace)
    const budgeted: RequestContext = { ...context, budget: new RequestBudget(1, null) }
    const prepared = await pipeline.prepare('req' as never, budgeted)
    expect(trace).toEqual(['parse', 'authorize', 'fieldFilter', 'plan'])
    // The second statement is over the bound: refused before its plan is built.
    await expect(pipeline.prepare('again' as never, budgeted)).rejects.toMatchObject({
      code: 'SLUICE_ERR_TOO_MANY_STATEMENTS',
    })
    expect(trace).toEqual(['parse', 'authorize', 'fieldFilter', 'plan', 'parse', 'authorize', 'fieldFilter'])
    expect(await pipeline.execute(prepared, budgeted)).toBe('req>parse>authorize>fieldFilter>plan>execute>shape')
  })

  it('runs the six stages in their fixed order', async () => {
    const trace: string[] = []
    const result = await createPipeline([], trace).run('req' as never, context)
    expect(trace).toEqual(['parse', 'authorize', 'fieldFilter', 'plan', 'execute', 'shape'])
    expect(result).toBe('req>parse>authorize>fieldFilter>plan>execute>shape')
  })

  it('lets hooks on replaceable stages swap inputs and outputs, and run after-callbacks', async () => {
    const trace: string[] = []
    const hooks: PipelineHooks = {
      onParse: (e) => {
        e.setInput('changed' as never)
      },
      onPlan: (e) => {
        e.setOutput('cached-plan' as never)
      },
      onShape:
        () =>
        ({ output, setOutput }) => {
          setOutput(`${String(output)}!` as never)
        },
    }
    const result = await createPipeline([hooks], trace).run('req' as never, context)
    expect(trace).toEqual(['parse', 'authorize', 'fieldFilter', 'execute', 'shape'])
    expect(result).toBe('cached-plan>execute>shape!')
  })

  it('gives security-stage hooks a frozen event they cannot use to replace anything', async () => {
    let seen: unknown
    const hooks: PipelineHooks = {
      onAuthorize: (e) => {
        seen = e
        expect('setOutput' in e).toBe(false)
      },
    }
    await createPipeline([hooks], []).run('req' as never, context)
    expect(Object.isFrozen(seen)).toBe(true)
  })

  it('lets a hook return a StageObserver: after on success, onError when the stage throws (the error still propagates)', async () => {
    const seen: string[] = []
    const observer: PipelineHooks = {
      onPlan: () => ({
        after: ({ output }) => {
          seen.push(`after ${String(output)}`)
        },
        onError: ({ error }) => {
          seen.push(`error ${(error as SluiceError).code}`)
        },
      }),
    }
    await createPipeline([observer], []).run('req' as never, context)
    expect(seen).toEqual(['after req>parse>authorize>fieldFilter>plan'])
    seen.length = 0
    const failingPlan = {
      plan: {
        run: () => {
          throw new SluiceError('SLUICE_ERR_DATABASE_CONFLICT')
        },
      },
    }
    await expect(createPipeline([observer], [], failingPlan).run('req' as never, context)).rejects.toMatchObject({
      code: 'SLUICE_ERR_DATABASE_CONFLICT',
    })
    expect(seen).toEqual(['error SLUICE_ERR_DATABASE_CONFLICT'])
  })

  it('passes SluiceErrors through and wraps anything else as an internal error', async () => {
    const failing = (error: unknown): Record<string, Stage<unknown, unknown>> => ({
      plan: {
        run: () => {
          throw error
        },
      },
    })
    await expect(
      createPipeline([], [], failing(new SluiceError('SLUICE_ERR_FORBIDDEN'))).run('r' as never, context),
    ).rejects.toMatchObject({ code: 'SLUICE_ERR_FORBIDDEN' })
    await expect(
      createPipeline([], [], failing(new TypeError('bug'))).run('r' as never, context),
    ).rejects.toMatchObject({ code: 'SLUICE_ERR_INTERNAL', status: 500 })
  })
})
