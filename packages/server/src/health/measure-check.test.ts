import { describe, expect, it } from 'vitest'
import { measureCheck } from './measure-check.js'

describe('measureCheck', () => {
  it('reports the time of work that finishes and the message of work that fails', async () => {
    expect(await measureCheck(1000, async () => undefined)).toEqual({ ms: expect.any(Number) })
    expect(await measureCheck(1000, async () => { throw new Error('connection refused') })).toEqual({ error: 'connection refused' })
  })

  it('gives up on work that never ends once past threshold and grace, reporting the time waited', async () => {
    const outcome = await measureCheck(5, () => new Promise<void>(() => undefined), 5)
    expect(outcome).toEqual({ ms: expect.any(Number) })
    expect((outcome as { ms: number }).ms).toBeGreaterThanOrEqual(9)
  })
})
