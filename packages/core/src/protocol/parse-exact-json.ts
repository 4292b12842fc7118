import { parse } from 'lossless-json'

/**
 * A JSON number whose text a JavaScript number would not give back: more digits than a double holds
 * (`9223372036854775807`), or a form `String(Number(text))` changes (`19.90`, `1E3`). `text` is the number exactly as
 * the database wrote it; `valueOf()` is the nearest double, so arithmetic and comparisons still work.
 */
export class ExactNumber {
  constructor(readonly text: string) {}
  valueOf(): number {
    return Number(this.text)
  }
  toString(): string {
    return this.text
  }
}

/**
 * Parses JSON text from the pipeline (a record, a page, a result) keeping every number's digits: numbers that print
 * back unchanged are plain numbers, the others `ExactNumber`s. Records reach protocol plugins as JSON text built by
 * the database (`ReadResult.json`); a protocol that re-encodes them (CSV, XML, a binary format) parses them with
 * this instead of `JSON.parse`, which turns `19.90` into `19.9` and rounds 64-bit integers.
 */
export function parseExactJson(text: string): unknown {
  return parse(text, null, (digits) => {
    const n = Number(digits)
    return String(n) === digits ? n : new ExactNumber(digits)
  })
}
