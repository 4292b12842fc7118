import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ErrorCodes } from './error-codes.js'
import { SluiceError } from './sluice-error.js'

const docs = readFileSync(fileURLToPath(new URL('../../../../docs/errors.md', import.meta.url)), 'utf8')

describe('error codes', () => {
  it.each(Object.keys(ErrorCodes))('%s is documented in docs/errors.md', (code) => {
    expect(docs).toContain(`| \`${code}\` |`)
  })

  it('uses SPEC wire codes for the errors SPEC names', () => {
    expect(new SluiceError('SLUICE_ERR_FORBIDDEN')).toMatchObject({
      status: 403,
      wireCode: 'Authorization Failure',
      message: 'The current role does not have permission to perform this action.',
    })
    expect(new SluiceError('SLUICE_ERR_INVALID_FIELD', { field: 'x', place: '$select' }).message).toBe(
      "Invalid field 'x' in $select",
    )
    expect(new SluiceError('SLUICE_ERR_INVALID_FIELD', { field: 'x', place: '$select' }).wireCode).toBe('Bad Request')
  })

  it('gives every user-caused error a 4xx status', () => {
    const serverSide = new Set([
      'SLUICE_ERR_INTERNAL',
      'SLUICE_ERR_DATABASE',
      'SLUICE_ERR_DATABASE_UNAVAILABLE',
      'SLUICE_ERR_DATABASE_TIMEOUT',
      'SLUICE_ERR_REQUEST_DEADLINE',
      'SLUICE_ERR_STARTING',
      'SLUICE_ERR_IDENTITY_PROVIDER_UNAVAILABLE',
      'SLUICE_ERR_NOT_CACHED',
      'SLUICE_ERR_SUBSCRIPTION_FAILED',
      'SLUICE_ERR_SUBSCRIPTIONS_CLOSED',
    ])
    for (const [code, def] of Object.entries(ErrorCodes)) {
      if (def.wire.includes('Startup') || def.wire.includes('Configuration') || serverSide.has(code)) continue
      expect(def.status, code).toBeGreaterThanOrEqual(400)
      expect(def.status, code).toBeLessThan(500)
    }
  })
})
