import { describe, expect, it } from 'vitest'
import { measureCheck } from './measure-check.js'

describe('measureCheck', () => {
  it('reports the time of work that finishes and the message of work that fails', async () => {
    expect(await measureCheck(1000, async () => undefined)).toEqual({ ms: expect.any(Number) })
    const refused = async (): Promise<void> => {
      throw new Error('connection refused')
    }
    expect(await measureCheck(1000, refused)).toEqual({ error: 'connection refused' })
  })

  it('gives up on work still running at its threshold, reports at least the threshold, aborts its signal', async () => {
    let seen: AbortSignal | undefined
    const outcome = await measureCheck(5, (signal) => {
      seen = signal
      return new Promise<void>(() => undefined)
    })
    expect(outcome).toEqual({ ms: expect.any(Number) })
    expect((outcome as { ms: number }).ms).toBeGreaterThanOrEqual(5)
    expect(seen?.aborted).toBe(true)
  })

  it('reports work that fails because it was cancelled as past its threshold, not as a failure', async () => {
    const outcome = await measureCheck(
      5,
      (signal) =>
        new Promise<void>((_, reject) => {
          signal.addEventListener('abort', () => reject(new Error('canceling statement due to user request')))
        }),
    )
    expect((outcome as { ms: number }).ms).toBeGreaterThanOrEqual(5)
  })

  it('leaves the signal of work that finishes in time alone', async () => {
    let seen: AbortSignal | undefined
    await measureCheck(1000, async (signal) => {
      seen = signal
    })
    expect(seen?.aborted).toBe(false)
  })
})
