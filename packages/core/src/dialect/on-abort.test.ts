import { describe, expect, it } from 'vitest'
import { onAbort } from './on-abort.js'

describe('onAbort', () => {
  it('calls each callback still registered once, in order, when the signal aborts', () => {
    const controller = new AbortController()
    const calls: string[] = []
    onAbort(controller.signal, () => calls.push('a'))
    const stopB = onAbort(controller.signal, () => calls.push('b'))
    onAbort(controller.signal, () => calls.push('c'))
    stopB()
    controller.abort()
    controller.abort()
    expect(calls).toEqual(['a', 'c'])
  })

  it('keeps one listener per signal however many callbacks come and go', () => {
    const controller = new AbortController()
    let added = 0
    const add = controller.signal.addEventListener.bind(controller.signal)
    controller.signal.addEventListener = ((...args: Parameters<typeof add>) => { added++; add(...args) }) as typeof add
    for (let i = 0; i < 100; i++) onAbort(controller.signal, () => undefined)()
    expect(added).toBe(1)
  })

  it('never calls a callback registered after the abort', () => {
    const controller = new AbortController()
    controller.abort()
    let called = false
    onAbort(controller.signal, () => { called = true })
    expect(called).toBe(false)
  })
})
