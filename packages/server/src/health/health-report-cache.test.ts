import { describe, expect, it } from 'vitest'
import { HealthReportCache } from './health-report-cache.js'

describe('HealthReportCache', () => {
  it('keeps a report for the TTL, per key, then builds a new one', async () => {
    let now = 0
    let builds = 0
    const cache = new HealthReportCache<number>(5000, () => now)
    const build = async () => ++builds
    expect(await cache.get('anonymous', build)).toBe(1)
    now = 4999
    expect(await cache.get('anonymous', build)).toBe(1)
    expect(await cache.get('admin', build)).toBe(2)
    now = 5000
    expect(await cache.get('anonymous', build)).toBe(3)
  })

  it('shares one build between callers arriving while it runs, also with TTL 0', async () => {
    const cache = new HealthReportCache<string>(0)
    let release!: (v: string) => void
    let builds = 0
    const build = () => {
      builds++
      return new Promise<string>((resolve) => {
        release = resolve
      })
    }
    const first = cache.get('r', build)
    const second = cache.get('r', build)
    release('report')
    expect(await Promise.all([first, second])).toEqual(['report', 'report'])
    expect(builds).toBe(1)
    await cache.get('r', async () => {
      builds++
      return 'again'
    })
    expect(builds).toBe(2)
  })

  it('does not keep a failed build', async () => {
    const cache = new HealthReportCache<string>(60_000)
    await expect(cache.get('r', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('r', async () => 'ok')).toBe('ok')
  })
})
