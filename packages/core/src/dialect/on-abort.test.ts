import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
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
    controller.signal.addEventListener = ((...args: Parameters<typeof add>) => {
      added++
      add(...args)
    }) as typeof add
    for (let i = 0; i < 100; i++) onAbort(controller.signal, () => undefined)()
    expect(added).toBe(1)
  })

  it('never calls a callback registered after the abort', () => {
    const controller = new AbortController()
    controller.abort()
    let called = false
    onAbort(controller.signal, () => {
      called = true
    })
    expect(called).toBe(false)
  })
})

describe('onAbort and memory', () => {
  it('keeps no callback alive once it stopped watching, however long the signal lives', async () => {
    // A connection's signal lives as long as the connection; a callback it kept would keep its request's statement
    // and result (the first request's, on every keep-alive connection, before this was fixed).
    const controller = new AbortController()
    const released = registerAndStop(controller.signal)
    await new Promise((resolve) => setTimeout(resolve, 0)) // WeakRef targets live until the current job ends
    collectGarbage()
    expect(released.deref()).toBeUndefined()
    expect(controller.signal.aborted).toBe(false)
  })
})

/** Registers a callback that holds an object, stops watching, and hands back a weak reference to the object. */
function registerAndStop(signal: AbortSignal): WeakRef<object> {
  const held = { rows: new Array(1000).fill('row') }
  onAbort(signal, () => held.rows.push('aborted'))()
  return new WeakRef(held)
}

function collectGarbage(): void {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}
