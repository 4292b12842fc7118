import type { PaginationConfig } from '../config/runtime-config.js'
import { SluiceError } from '../errors/sluice-error.js'
import type { RequestTerms } from './request-terms.js'

/** The page size for a collection read: default when absent, the maximum for -1, otherwise 1…max. */
export function resolvePageSize(first: number | undefined, pagination: PaginationConfig, terms: RequestTerms): number {
  if (first === undefined) return pagination.defaultPageSize
  if (first === -1) return pagination.maxPageSize
  if (!Number.isSafeInteger(first) || first < 1)
    throw new SluiceError('SLUICE_ERR_INVALID_FIRST', { place: terms.first, value: String(first) })
  if (first > pagination.maxPageSize) {
    throw new SluiceError('SLUICE_ERR_FIRST_TOO_LARGE', {
      place: terms.first,
      value: String(first),
      max: pagination.maxPageSize,
    })
  }
  return first
}
