import { describe, expect, it } from 'vitest'
import { HealthCheckBudget } from './health-check-budget.js'
import { THRESHOLD_EXCEEDED } from './health-report.js'

const hang = (): Promise<void> => new Promise<void>(() => undefined)
const quick = async (): Promise<void> => undefined

describe('HealthCheckBudget', () => {
  it('runs every check while none has exceeded its threshold, however long the report takes', async () => {
    let now = 0
    const budget = new HealthCheckBudget(10, () => now)
    now = 1000
    expect(await budget.run('Book', ['rest', 'endpoint'], 10, quick)).toMatchObject({ status: 'Healthy' })
    expect(
      await budget.run('Loan', ['rest', 'endpoint'], 10, async () => {
        throw new Error('forbidden')
      }),
    ).toMatchObject({ status: 'Unhealthy', exception: 'forbidden' })
    expect(await budget.run('Author', ['rest', 'endpoint'], 10, quick)).toMatchObject({ status: 'Healthy' })
  })

  it('once a check exceeded its threshold and the largest threshold passed, reports later checks unrun', async () => {
    let now = 0
    const budget = new HealthCheckBudget(20, () => now)
    expect(await budget.run('PostgreSQL', ['data-source'], 5, hang)).toMatchObject({
      status: 'Unhealthy',
      exception: THRESHOLD_EXCEEDED,
    })
    // Still within the largest threshold: the next check runs.
    expect(await budget.run('Book', ['rest', 'endpoint'], 20, quick)).toMatchObject({ status: 'Healthy' })
    now = 20
    let ran = false
    const skipped = await budget.run('Author', ['rest', 'endpoint'], 20, async () => {
      ran = true
    })
    expect(ran).toBe(false)
    expect(skipped).toMatchObject({
      status: 'Unhealthy',
      exception: expect.stringMatching(/^Not checked: /),
      data: { 'response-ms': -1, 'threshold-ms': 20 },
    })
  })
})
