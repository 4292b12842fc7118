import { SluiceError } from '../../errors/sluice-error.js'
import type { OrderByItem } from '../operation-request.js'

/**
 * `$orderby=title desc, id` → ordering items. A name with spaces may be quoted as in Data API builder:
 * `'First Name' asc` (`''` escapes a quote). Directions are lower-case `asc` / `desc`; the default is `asc`. Errors
 * name `place` (`$orderby`, or where in `$expand`).
 */
export function parseOrderByText(text: string, place = '$orderby'): OrderByItem[] {
  const items: OrderByItem[] = []
  let i = 0
  const fail = (detail: string): never => {
    throw new SluiceError('SLUICE_ERR_INVALID_ORDERBY', {
      place,
      detail: `syntax error at position ${i + 1} in '${text}': ${detail}`,
    })
  }
  const skipSpaces = (): void => {
    while (text[i] === ' ' || text[i] === '\t') i++
  }
  for (;;) {
    skipSpaces()
    let field = ''
    if (text[i] === "'") {
      i++
      for (;;) {
        if (i >= text.length) fail('the quoted field name is not closed.')
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            field += "'"
            i += 2
            continue
          }
          i++
          break
        }
        field += text[i++]
      }
      if (field === '') fail('the quoted field name is empty.')
    } else {
      while (i < text.length && !/[\s,]/.test(text[i]!)) field += text[i++]
      if (field === '') fail('expected a field name.')
    }
    skipSpaces()
    let direction: 'asc' | 'desc' = 'asc'
    const word = /^[A-Za-z]+/.exec(text.slice(i))?.[0]
    if (word !== undefined) {
      if (word !== 'asc' && word !== 'desc') fail(`expected 'asc' or 'desc' after '${field}', found '${word}'.`)
      direction = word as 'asc' | 'desc'
      i += word.length
      skipSpaces()
    }
    items.push({ field, direction })
    if (i >= text.length) return items
    if (text[i] !== ',') fail(`expected ',' or the end after '${field}'.`)
    i++
  }
}
