import { SluiceError } from '@sluice/core'

/** `$select=a,b,c` → field names (trimmed). Empty names are a 400. */
export function parseSelectOption(text: string): string[] {
  return text.split(',').map((part) => {
    const name = part.trim()
    if (name === '') throw new SluiceError('SLUICE_ERR_INVALID_SELECT', { place: '$select', detail: 'a field name is empty (check for doubled or trailing commas).' })
    return name
  })
}
