import { describe, expect, it } from 'vitest'
import { DEFAULT_CAPABILITIES } from '@sluice/core/protocol'
import { findMissingCapabilities } from '../src/scenario.js'
import { isEngineSelected, isScenarioSelected, readRunConfig, scaleRuns } from '../src/run-config.js'

describe('readRunConfig', () => {
  it('defaults to one times the budget, a fresh seed and every engine', () => {
    const config = readRunConfig({})
    expect(config).toEqual({
      runsMultiplier: 1,
      seed: undefined,
      path: undefined,
      shrinkSeconds: 60,
      engines: undefined,
      scenarios: undefined,
      ci: false,
    })
    expect(isEngineSelected(config, 'anything')).toBe(true)
    expect(isScenarioSelected(config, 'write.junk-bodies')).toBe(true)
  })

  it('reads the multiplier, the replay seed and path, the engine filter and CI', () => {
    const config = readRunConfig({
      SLUICE_PBT_RUNS: '10',
      SLUICE_PBT_SEED: '-42',
      SLUICE_PBT_PATH: '3:0:1',
      SLUICE_ENGINES: 'pglite, postgres',
      CI: 'true',
    })
    expect(config).toEqual({
      runsMultiplier: 10,
      seed: -42,
      path: '3:0:1',
      shrinkSeconds: 60,
      engines: ['pglite', 'postgres'],
      scenarios: undefined,
      ci: true,
    })
    expect(isEngineSelected(config, 'mssql')).toBe(false)
    expect(scaleRuns(config, 25)).toBe(250)
    expect(scaleRuns({ ...config, runsMultiplier: 0.01 }, 25)).toBe(1)
  })

  it('reads the shrink budget and the scenario filter (keys or groups)', () => {
    const config = readRunConfig({ SLUICE_PBT_SHRINK_SECONDS: '0', SLUICE_SCENARIOS: 'write, paging.cursor-walk' })
    expect(config.shrinkSeconds).toBe(0)
    expect(config.scenarios).toEqual(['write', 'paging.cursor-walk'])
    expect(isScenarioSelected(config, 'write.junk-bodies')).toBe(true)
    expect(isScenarioSelected(config, 'paging.cursor-walk')).toBe(true)
    expect(isScenarioSelected(config, 'paging.tampered-after')).toBe(false)
    expect(isScenarioSelected(config, 'writeX.y')).toBe(false)
  })

  it('rejects malformed values, naming the variable', () => {
    expect(() => readRunConfig({ SLUICE_PBT_SHRINK_SECONDS: '-1' })).toThrow(/SLUICE_PBT_SHRINK_SECONDS/)
    expect(() => readRunConfig({ SLUICE_PBT_RUNS: 'lots' })).toThrow(/SLUICE_PBT_RUNS/)
    expect(() => readRunConfig({ SLUICE_PBT_SEED: '1.5' })).toThrow(/SLUICE_PBT_SEED/)
    expect(() => readRunConfig({ SLUICE_PBT_PATH: 'a:b' })).toThrow(/SLUICE_PBT_PATH/)
  })
})

describe('findMissingCapabilities', () => {
  it('lists the required flags a dialect lacks, in order', () => {
    expect(
      findMissingCapabilities(['nativeUpsert', 'lateralJoins'], { ...DEFAULT_CAPABILITIES, lateralJoins: true }),
    ).toEqual(['nativeUpsert'])
    expect(findMissingCapabilities([], DEFAULT_CAPABILITIES)).toEqual([])
  })
})
