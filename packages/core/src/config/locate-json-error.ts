/** Thrown inside the scanner to unwind to the offset of the first syntax error. */
class SyntaxStop {
  constructor(readonly offset: number) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const HEX4 = /^[0-9a-fA-F]{4}$/

/**
 * The offset of the first JSON syntax error in `text` (its length for an unexpected end), or `undefined` when the
 * text is valid JSON. Node 20's `JSON.parse` messages do not always carry a position, so we find it ourselves.
 */
export function locateJsonError(text: string): number | undefined {
  let i = 0
  const fail = (): never => {
    throw new SyntaxStop(i)
  }
  const skipWhitespace = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++
  }
  const expect = (char: string): void => {
    if (text[i] === char) i++
    else fail()
  }

  const scanString = (): void => {
    expect('"')
    while (i < text.length) {
      const c = text[i]!
      if (c === '"') {
        i++
        return
      }
      if (c === '\\') {
        const escape = text[i + 1] ?? ''
        if (escape !== '' && '"\\/bfnrt'.includes(escape)) i += 2
        else if (escape === 'u' && HEX4.test(text.slice(i + 2, i + 6))) i += 6
        else {
          i++
          fail()
        }
        continue
      }
      if (c < ' ') fail()
      i++
    }
    fail()
  }

  const scanList = (close: string, scanItem: () => void): void => {
    i++
    skipWhitespace()
    if (text[i] === close) {
      i++
      return
    }
    for (;;) {
      scanItem()
      skipWhitespace()
      if (text[i] === ',') {
        i++
        continue
      }
      expect(close)
      return
    }
  }

  const scanValue = (): void => {
    skipWhitespace()
    const c = text[i]
    if (c === '{') {
      scanList('}', () => {
        skipWhitespace()
        scanString()
        skipWhitespace()
        expect(':')
        scanValue()
      })
    } else if (c === '[') {
      scanList(']', scanValue)
    } else if (c === '"') {
      scanString()
    } else if (c === 't' || c === 'f' || c === 'n') {
      const word = c === 't' ? 'true' : c === 'f' ? 'false' : 'null'
      if (text.startsWith(word, i)) i += word.length
      else fail()
    } else {
      NUMBER.lastIndex = i
      if (NUMBER.exec(text) === null) fail()
      i = NUMBER.lastIndex
    }
  }

  try {
    scanValue()
    skipWhitespace()
    if (i < text.length) fail()
    return undefined
  } catch (stop) {
    if (stop instanceof SyntaxStop) return Math.min(stop.offset, text.length)
    throw stop
  }
}

/** 1-based line and column of an offset. */
export function findLineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  return { line, column: offset - before.lastIndexOf('\n') }
}
