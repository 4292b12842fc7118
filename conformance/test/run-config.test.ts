import { describe, expect, it } from 'vitest'
import { DEFAULT_CAPABILITIES } from '@sluice/core'
import { findMissingCapabilities } from '../src/scenario.js'
import { isEngineSelected, readRunConfig, scaleRuns } from '../src/run-config.js'

describe('readRunConfig', () => {
  it('defaults to one times the budget, a fresh seed and every engine', () => {
    const config = readRunConfig({})
    expect(config).toEqual({ runsMultiplier: 1, seed: undefined, path: undefined, engines: undefined, ci: false })
    expect(isEngineSelected(config, 'anything')).toBe(true)
  })

  it('reads the multiplier, the replay seed and path, the engine filter and CI', () => {
    const config = readRunConfig({ SLUICE_PBT_RUNS: '10', SLUICE_PBT_SEED: '-42', SLUICE_PBT_PATH: '3:0:1', SLUICE_ENGINES: 'pglite, postgres', CI: 'true' })
    expect(config).toEqual({ runsMultiplier: 10, seed: -42, path: '3:0:1', engines: ['pglite', 'postgres'], ci: true })
    expect(isEngineSelected(config, 'mssql')).toBe(false)
    expect(scaleRuns(config, 25)).toBe(250)
    expect(scaleRuns({ ...config, runsMultiplier: 0.01 }, 25)).toBe(1)
  })

  it('rejects malformed values, naming the variable', () => {
    expect(() => readRunConfig({ SLUICE_PBT_RUNS: 'lots' })).toThrow(/SLUICE_PBT_RUNS/)
    expect(() => readRunConfig({ SLUICE_PBT_SEED: '1.5' })).toThrow(/SLUICE_PBT_SEED/)
    expect(() => readRunConfig({ SLUICE_PBT_PATH: 'a:b' })).toThrow(/SLUICE_PBT_PATH/)
  })
})

describe('findMissingCapabilities', () => {
  it('lists the required flags a dialect lacks, in order', () => {
    expect(findMissingCapabilities(['nativeUpsert', 'lateralJoins'], { ...DEFAULT_CAPABILITIES, lateralJoins: true })).toEqual(['nativeUpsert'])
    expect(findMissingCapabilities([], DEFAULT_CAPABILITIES)).toEqual([])
  })
})
