import { expect } from 'vitest'
import type { FixtureServer } from '../fixture-server.js'

/** One page of a walk: the records, and the `nextLink` that led past it (if any). */
export interface WalkedPage {
  readonly url: string
  readonly value: readonly Record<string, unknown>[]
  readonly nextLink: string | undefined
}

/**
 * GETs `url` and follows `nextLink` until a page has none, checking each response is a 200 success envelope and
 * each `nextLink` an absolute URL carrying `$after`. Fails after `maxPages` pages (a cursor that never ends).
 */
export async function walkPages(server: FixtureServer, url: string, maxPages: number): Promise<WalkedPage[]> {
  const pages: WalkedPage[] = []
  let next: string | undefined = url
  while (next !== undefined) {
    expect(pages.length, `more than ${maxPages} pages following nextLink from ${url}`).toBeLessThan(maxPages)
    const reply = await server.get(next)
    expect(reply.status, `GET ${next} → ${reply.text}`).toBe(200)
    const body = reply.json as { value?: unknown; nextLink?: unknown }
    expect(Array.isArray(body.value), `GET ${next}: no value array in ${reply.text}`).toBe(true)
    let nextLink: string | undefined
    if (body.nextLink !== undefined) {
      expect(typeof body.nextLink, `GET ${next}: nextLink is not a string`).toBe('string')
      const link = new URL(body.nextLink as string)
      expect(link.protocol, `GET ${next}: nextLink ${String(body.nextLink)} is not an absolute http URL`).toMatch(
        /^https?:$/,
      )
      expect(
        link.searchParams.get('$after'),
        `GET ${next}: nextLink ${String(body.nextLink)} carries no $after`,
      ).toBeTruthy()
      nextLink = body.nextLink as string
    }
    pages.push({ url: next, value: body.value as Record<string, unknown>[], nextLink })
    next = nextLink === undefined ? undefined : pathAndQuery(nextLink)
  }
  return pages
}

/** The part of an absolute URL `inject` needs: path and query, byte for byte as the server wrote them. */
export function pathAndQuery(absolute: string): string {
  return absolute.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')
}
