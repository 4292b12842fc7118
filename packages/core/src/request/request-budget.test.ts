import { describe, expect, it } from 'vitest'
import { RequestBudget } from './request-budget.js'

describe('RequestBudget', () => {
  it('counts statements and rows across claims, and refuses the claim that would pass either bound', () => {
    const budget = new RequestBudget(3, 100)
    budget.claim(40)
    budget.claim(50)
    expect(() => budget.claim(11)).toThrow(
      expect.objectContaining({ code: 'SLUICE_ERR_QUERY_COST', params: { cost: 101, limit: 100 } }),
    )
    // A refused claim takes nothing: a smaller one still fits.
    budget.claim(10)
    expect([budget.statements, budget.rows]).toEqual([3, 100])
    expect(() => budget.claim(0)).toThrow(
      expect.objectContaining({ code: 'SLUICE_ERR_TOO_MANY_STATEMENTS', params: { limit: 3 } }),
    )
  })

  it('has no bound where a limit is null', () => {
    const budget = new RequestBudget(null, null)
    for (let i = 0; i < 1000; i++) budget.claim(1_000_000)
    expect(budget.statements).toBe(1000)
  })
})

describe('RequestBudget deadline', () => {
  it('starts the clock at the first statement and starts none once the deadline has passed since', () => {
    const budget = new RequestBudget(null, null, 1000)
    budget.startStatement(5000)
    budget.startStatement(5999)
    expect(() => budget.startStatement(6000)).toThrow(
      expect.objectContaining({ code: 'SLUICE_ERR_REQUEST_DEADLINE', status: 504 }),
    )
  })

  it('has no deadline without a statement timeout', () => {
    const budget = RequestBudget.fromLimits({
      maxQueryCost: null,
      maxStatementsPerRequest: null,
      statementTimeoutSeconds: null,
      poolAcquireTimeoutMs: 1,
      startupRetrySeconds: 0,
    })
    budget.startStatement(0)
    budget.startStatement(1e12)
  })
})
