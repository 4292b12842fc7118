import { expect } from 'vitest'
import type { FixtureServer, RestReply } from '../fixture-server.js'

/** Sends a GraphQL document by POST (variables as JSON; `role` as `X-MS-API-ROLE`). */
export function postGraphQL(
  server: FixtureServer,
  query: string,
  variables: Record<string, unknown> = {},
  role?: string,
): Promise<RestReply> {
  return server.send({
    method: 'POST',
    url: '/graphql',
    body: JSON.stringify({ query, variables }),
    ...(role === undefined ? {} : { headers: { 'x-ms-api-role': role } }),
  })
}

/** A connection page as a scenario sees it. */
export interface GraphQLPage {
  readonly items: readonly Record<string, unknown>[]
  readonly hasNextPage: boolean
  readonly endCursor: string | null
}

/** The connection under `data[field]` of a 200 reply without errors (fails the check otherwise). */
export function readConnection(reply: RestReply, field: string, request: string): GraphQLPage {
  expect(reply.status, `${request} → ${reply.text}`).toBe(200)
  const body = reply.json as { data?: Record<string, GraphQLPage | null>; errors?: unknown }
  expect(body.errors, `${request} → ${reply.text}`).toBeUndefined()
  const page = body.data?.[field]
  expect(page, `${request}: no ${field} in ${reply.text}`).toBeTruthy()
  return page!
}

/** The `errors` entries of a reply (empty when none). */
export function readErrors(
  reply: RestReply,
): Array<{ message: string; extensions?: { code?: string; sluiceCode?: string } }> {
  return (
    (
      reply.json as
        { errors?: Array<{ message: string; extensions?: { code?: string; sluiceCode?: string } }> } | undefined
    )?.errors ?? []
  )
}
