import type { LibraryTestServer, JsonResponse } from './support/library-test-server.js'

export interface GraphQLCall {
  readonly variables?: Readonly<Record<string, unknown>>
  readonly operationName?: string
  /** Sent as `X-MS-API-ROLE`. */
  readonly role?: string
  readonly headers?: Readonly<Record<string, string>>
  /** Defaults to `/graphql`. */
  readonly path?: string
}

/** POSTs a GraphQL request as JSON and returns the parsed response. */
export function graphql(server: LibraryTestServer, query: string, call: GraphQLCall = {}): Promise<JsonResponse> {
  const body: Record<string, unknown> = { query }
  if (call.variables !== undefined) body['variables'] = call.variables
  if (call.operationName !== undefined) body['operationName'] = call.operationName
  return server.request(call.path ?? '/graphql', {
    method: 'POST',
    role: call.role,
    headers: { 'content-type': 'application/json', ...call.headers },
    payload: JSON.stringify(body),
  })
}

/** The messages of a response's `errors` (empty when there are none). */
export function errorMessages(response: JsonResponse): string[] {
  return ((response.body?.errors ?? []) as Array<{ message: string }>).map((e) => e.message)
}

/** Fails with the response text when it carries errors; returns `data`. */
export function dataOf(response: JsonResponse): any {
  if (response.status !== 200 || response.body?.errors !== undefined)
    throw new Error(`GraphQL request failed (${response.status}): ${response.text}`)
  return response.body.data
}

/** GETs a REST collection URL and returns its `value` rows. */
export async function restRows(server: LibraryTestServer, url: string, role?: string): Promise<any[]> {
  const response = await server.request(url, { role })
  if (response.status !== 200) throw new Error(`REST request failed (${response.status}): ${response.text}`)
  return response.body.value
}
