import { describe, expect, it } from 'vitest'
import { createCheckEntry, THRESHOLD_EXCEEDED } from './health-report.js'

describe('createCheckEntry', () => {
  it("is Healthy strictly below the threshold, Unhealthy with Data API builder's text at or above it", () => {
    expect(createCheckEntry('Book', ['rest', 'endpoint'], 100, { ms: 99 })).toEqual({
      status: 'Healthy',
      name: 'Book',
      tags: ['rest', 'endpoint'],
      data: { 'response-ms': 99, 'threshold-ms': 100 },
    })
    expect(createCheckEntry('Book', ['rest', 'endpoint'], 100, { ms: 100 })).toMatchObject({
      status: 'Unhealthy',
      exception: THRESHOLD_EXCEEDED,
      data: { 'response-ms': 100 },
    })
  })

  it('reports a failure with response-ms -1 and the failure as the exception', () => {
    expect(createCheckEntry('PostgreSQL', ['data-source'], 1000, { error: 'connection refused' })).toEqual({
      status: 'Unhealthy',
      name: 'PostgreSQL',
      exception: 'connection refused',
      tags: ['data-source'],
      data: { 'response-ms': -1, 'threshold-ms': 1000 },
    })
  })
})
