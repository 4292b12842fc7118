import { SluiceError } from '../../errors/sluice-error.js'

/** `$select=a,b,c` → field names (trimmed). Empty names are a 400 naming `place` (`$select`, or where in `$expand`). */
export function parseSelectText(text: string, place = '$select'): string[] {
  return text.split(',').map((part) => {
    const name = part.trim()
    if (name === '')
      throw new SluiceError('SLUICE_ERR_INVALID_SELECT', {
        place,
        detail: 'a field name is empty (check for doubled or trailing commas).',
      })
    return name
  })
}
