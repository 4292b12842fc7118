import type { QualifiedName } from './database-metadata.js'

/**
 * Parses `source.object` as written in config: `books`, `dbo.books`, `"My Schema"."Books"`, `[dbo].[books]` or
 * `` `db`.`books` ``. Quoted parts keep dots and spaces; a doubled closing quote inside stands for one.
 * Returns `undefined` for malformed input (empty parts, unbalanced quotes, more than two parts).
 */
export function parseObjectName(text: string): QualifiedName | undefined {
  const parts: string[] = []
  let i = 0
  while (i <= text.length) {
    const open = text[i]
    const close = open === '"' ? '"' : open === '[' ? ']' : open === '`' ? '`' : undefined
    let part = ''
    if (close !== undefined) {
      i++
      for (;;) {
        if (i >= text.length) return undefined
        if (text[i] === close) {
          if (text[i + 1] === close) {
            part += close
            i += 2
            continue
          }
          i++
          break
        }
        part += text[i++]
      }
    } else {
      while (i < text.length && text[i] !== '.') part += text[i++]
      part = part.trim()
    }
    if (part === '') return undefined
    parts.push(part)
    if (i === text.length) break
    if (text[i] !== '.') return undefined
    i++
  }
  if (parts.length === 1) return { schema: undefined, name: parts[0]! }
  if (parts.length === 2) return { schema: parts[0], name: parts[1]! }
  return undefined
}
