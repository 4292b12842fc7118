import { describe, expect, it } from 'vitest'
import { pino } from 'pino'
import { createCategoryLogger, findUnknownLogCategories, LOG_CATEGORIES, resolveLogLevel } from './category-logger.js'

describe('resolveLogLevel', () => {
  it('takes the longest key the category starts with, else default, as Data API builder does', () => {
    const levels = { default: 'error', 'Azure.DataApiBuilder': 'warning', 'Azure.DataApiBuilder.Core': 'debug' }
    expect(resolveLogLevel(levels, LOG_CATEGORIES.pipeline)).toBe('debug')
    expect(resolveLogLevel(levels, LOG_CATEGORIES.requests)).toBe('warning')
    expect(resolveLogLevel({ Default: 'information' }, LOG_CATEGORIES.health)).toBe('information')
    expect(resolveLogLevel({}, LOG_CATEGORIES.health)).toBeUndefined()
  })
})

describe('createCategoryLogger', () => {
  it('gives a category its own pino level when a namespace applies, and keeps the process logger otherwise', () => {
    const base = pino({ level: 'info' }, pino.destination('/dev/null'))
    const levels = {
      default: 'information',
      'Azure.DataApiBuilder.Core': 'trace',
      'Azure.DataApiBuilder.Service.Controllers': 'none',
    }
    expect((createCategoryLogger(base, levels, LOG_CATEGORIES.pipeline) as typeof base).level).toBe('trace')
    expect((createCategoryLogger(base, levels, LOG_CATEGORIES.requests) as typeof base).level).toBe('silent')
    expect(createCategoryLogger(base, levels, LOG_CATEGORIES.health)).toBe(base)
    expect((createCategoryLogger(base, { default: 'warning' }, LOG_CATEGORIES.health) as typeof base).level).toBe(
      'warn',
    )
    expect(createCategoryLogger(base, {}, LOG_CATEGORIES.health)).toBe(base)
  })
})

describe('findUnknownLogCategories', () => {
  it("accepts default and whole-segment prefixes of Sluice's categories only", () => {
    expect(
      findUnknownLogCategories({
        default: 'error',
        Azure: 'debug',
        'Azure.DataApiBuilder.Core': 'debug',
        'Azure.DataApiB': 'debug',
        'Sluice.Rest': 'debug',
      }),
    ).toEqual(['Azure.DataApiB', 'Sluice.Rest'])
  })
})
