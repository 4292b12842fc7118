import { DefaultExecuteStage, OptionalTokens, Tokens } from '@sluice/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SluiceServer } from '../src/index.js'
import { startLibraryServer } from './support/library-test-server.js'

/** With the response cache off (the default) nothing of it is in the pipeline; on, its execute stage is (no hook). */
describe('response cache wiring', () => {
  let off: SluiceServer
  let on: SluiceServer
  beforeAll(async () => {
    off = await startLibraryServer()
    on = await startLibraryServer({ runtime: { cache: { enabled: true } } })
  })
  afterAll(async () => {
    await off?.close()
    await on?.close()
  })

  it('registers no hook and keeps the default execute stage when runtime.cache is off', () => {
    const hooks = off.sluice.container.resolve(Tokens.PipelineHooks)
    expect(hooks.map((h) => h.name)).not.toContain('response-cache')
    expect(off.sluice.container.resolve(Tokens.ExecuteStage)).toBeInstanceOf(DefaultExecuteStage)
    expect(off.sluice.container.isRegistered(OptionalTokens.SharedCacheStore)).toBe(false)
  })

  it('wraps the execute stage when runtime.cache is on, with no hook (plans carry their entity; no shared store without level 2)', () => {
    const hooks = on.sluice.container.resolve(Tokens.PipelineHooks)
    expect(hooks.map((h) => h.name)).not.toContain('response-cache')
    expect(on.sluice.container.resolve(Tokens.ExecuteStage)).not.toBeInstanceOf(DefaultExecuteStage)
    expect(on.sluice.container.isRegistered(OptionalTokens.SharedCacheStore)).toBe(false)
  })
})
