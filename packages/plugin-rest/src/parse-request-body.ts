import { SluiceError } from '@sluice/core'

/**
 * A write's body: a JSON object of field values. Missing or blank → undefined (core decides whether the operation
 * needs one); malformed JSON, an array (several records) or any other JSON value → 400 with its own message.
 */
export function parseRequestBody(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined || text.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new SluiceError('SLUICE_ERR_BODY_INVALID_JSON')
  }
  if (Array.isArray(value)) throw new SluiceError('SLUICE_ERR_BODY_ARRAY')
  if (value === null || typeof value !== 'object') {
    throw new SluiceError('SLUICE_ERR_BODY_NOT_OBJECT', { kind: value === null ? 'null' : `a ${typeof value}` })
  }
  return value as Record<string, unknown>
}
