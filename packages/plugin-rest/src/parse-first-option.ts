import { SluiceError } from '@sluice/core'

/** `$first` must be an integer literal; range checks (≥ 1 or -1, ≤ max) happen in core for every protocol. */
export function parseFirstOption(text: string): number {
  const trimmed = text.trim()
  if (!/^-?\d{1,15}$/.test(trimmed)) {
    throw new SluiceError('SLUICE_ERR_INVALID_FIRST', { place: '$first', value: text.length > 40 ? `${text.slice(0, 37)}...` : text })
  }
  return Number(trimmed)
}
