import type { ReadStream } from '@sluice/core/protocol'

/**
 * The REST envelope `{"value":[…],"nextLink":…}` written as the records arrive: a large page starts flowing after
 * its first chunk instead of after its last. `nextLinkOf` turns the end cursor (known only at the end) into the link.
 * An error after the first byte cannot become an error response any more: the server then cuts the connection, so
 * the client sees an incomplete body, never a complete-looking wrong one.
 */
export async function* streamEnvelope(
  stream: ReadStream,
  nextLinkOf: (cursor: string) => string,
  count?: number,
  reshape?: (record: string) => string,
): AsyncGenerator<string> {
  let prefix = `{${count === undefined ? '' : `"count":${count},`}"value":[`
  for await (const chunk of stream.records) {
    yield prefix + (reshape === undefined ? chunk.join(',') : chunk.map(reshape).join(','))
    prefix = ','
  }
  const { endCursor } = stream.paging()
  const open = prefix === ',' ? '' : prefix
  yield endCursor === null ? `${open}]}` : `${open}],"nextLink":${JSON.stringify(nextLinkOf(endCursor))}}`
}
