import { describe, expect, it } from 'vitest'
import type { Logger } from '@sluice/core'
import { ErrorLogThrottle } from './error-log-throttle.js'

function recordingLog(lines: { details: object; message: string }[]): Logger {
  const log = {
    error: (details: object, message: string) => {
      lines.push({ details, message })
    },
    warn() {},
    info() {},
    debug() {},
    trace() {},
    fatal() {},
    child: () => log,
  }
  return log as unknown as Logger
}

describe('ErrorLogThrottle', () => {
  it('logs one line per distinct cause per interval, then the count of those it held back', () => {
    let now = 0
    const lines: { details: object; message: string }[] = []
    const log = recordingLog(lines)
    const throttle = new ErrorLogThrottle(10_000, () => now)
    for (let i = 0; i < 500; i++) {
      throttle.error(
        log,
        'SLUICE_ERR_DATABASE_UNAVAILABLE:connect ECONNREFUSED',
        { code: 'x' },
        'The database is unavailable',
      )
      now += 10
    }
    throttle.error(log, 'SLUICE_ERR_INTERNAL:boom', {}, 'unexpected')
    expect(lines.map((l) => l.message)).toEqual(['The database is unavailable', 'unexpected'])
    now = 10_001
    throttle.error(
      log,
      'SLUICE_ERR_DATABASE_UNAVAILABLE:connect ECONNREFUSED',
      { code: 'x' },
      'The database is unavailable',
    )
    expect(lines[2]).toEqual({
      details: { code: 'x', repeated: 499, intervalSeconds: 10 },
      message: 'The database is unavailable (and 499 more like it since it was last logged)',
    })
  })
})
