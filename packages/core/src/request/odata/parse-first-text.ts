import { SluiceError } from '../../errors/sluice-error.js'

/** `$first` must be an integer literal; range checks (≥ 1 or -1, ≤ max) happen in core's parse stage for every protocol. */
export function parseFirstText(text: string, place = '$first'): number {
  const trimmed = text.trim()
  if (!/^-?\d{1,15}$/.test(trimmed)) {
    throw new SluiceError('SLUICE_ERR_INVALID_FIRST', {
      place,
      value: text.length > 40 ? `${text.slice(0, 37)}...` : text,
    })
  }
  return Number(trimmed)
}
