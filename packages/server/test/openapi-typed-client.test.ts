import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import createClient from 'openapi-fetch'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'

// The point of an OpenAPI document: a generator turns it into a typed client. openapi-typescript generates the
// types, the TypeScript compiler checks code written against them, and openapi-fetch calls the running server.
const server = useLibraryServer()

/** Virtual files live beside this test, so `openapi-fetch` resolves from packages/server's node_modules. */
const HERE = dirname(fileURLToPath(import.meta.url))

async function generate(role: string): Promise<string> {
  const response = await server.request(`/api/openapi/${role}`)
  expect(response.status).toBe(200)
  return astToString(await openapiTS(response.body))
}

/** Type-checks `client` against the generated `schema`; returns each error as `source line → message`. */
function typecheck(schema: string, client: string): string[] {
  const files = new Map([
    [join(HERE, '__generated__', 'schema.ts'), schema],
    [join(HERE, '__generated__', 'client.ts'), client],
  ])
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    types: [],
    noUncheckedIndexedAccess: true,
  }
  const host = ts.createCompilerHost(options)
  const { fileExists, readFile, getSourceFile } = host
  const virtualDir = join(HERE, '__generated__')
  const directoryExists = host.directoryExists?.bind(host)
  host.directoryExists = (name) => name === virtualDir || (directoryExists?.(name) ?? true)
  // Real paths for real files: pnpm links packages, and their own dependencies resolve from the link target.
  host.realpath = (name) => (files.has(name) || name === virtualDir ? name : (ts.sys.realpath?.(name) ?? name))
  host.fileExists = (name) => files.has(name) || fileExists.call(host, name)
  host.readFile = (name) => files.get(name) ?? readFile.call(host, name)
  host.getSourceFile = (name, language, ...rest) => {
    const text = files.get(name)
    return text === undefined
      ? getSourceFile.call(host, name, language, ...rest)
      : ts.createSourceFile(name, text, language)
  }
  const program = ts.createProgram([...files.keys()], options, host)
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n')
    if (d.file === undefined || d.start === undefined) return text
    return `${d.file.text.split('\n')[d.file.getLineAndCharacterOfPosition(d.start).line]!.trim()} → ${text}`
  })
}

const CLIENT_HEADER = `
import createClient from 'openapi-fetch'
import type { paths, components } from './schema.js'
const client = createClient<paths>({ baseUrl: 'http://localhost/api' })
`

// Type-checking pulls in openapi-fetch's and the generated declarations: seconds alone, more on a busy CI machine.
const TYPECHECK = { timeout: 180_000 }

describe('a typed client compiled from the documents', () => {
  it(
    'type-checks reads and writes the authenticated role may do, with field types from the database',
    TYPECHECK,
    async () => {
      const schema = await generate('authenticated')
      const errors = typecheck(
        schema,
        `${CLIENT_HEADER}
export async function use(): Promise<void> {
  const page = await client.GET('/Book', { params: { query: { $first: 10, $filter: 'pages gt 100', $orderby: 'title desc' } } })
  const title: string | undefined = page.data?.value[0]?.title
  const price: number | null | undefined = page.data?.value[0]?.price
  const next: string | undefined = page.data?.nextLink
  const one = await client.GET('/BookAuthor/book_id/{book_id}/author_id/{author_id}', { params: { path: { book_id: 1, author_id: 2 } } })
  const share: number | undefined = one.data?.value[0]?.royalty_percentage
  const created = await client.POST('/Book', { body: { title: 'New', publisher_id: 1 } })
  const id: number | undefined = created.data?.value[0]?.id
  await client.PATCH('/Book/id/{id}', { params: { path: { id: 1 } }, body: { pages: 10 } })
  await client.PUT('/Book', { body: { title: 'Keyless', publisher_id: 1 } })
  await client.DELETE('/Book/id/{id}', { params: { path: { id: 1 } } })
  const failure: components['schemas']['ErrorResponse'] | undefined = page.error
  const rows = await client.GET('/BooksByPublisher', { params: { query: { publisher: 1, min_price: 10 } } })
  const bookTitle: string | null | undefined = rows.data?.value[0]?.title
  const posted = await client.POST('/BooksByPublisher', { body: { publisher: 1 } })
  const stillOut: number | null | undefined = (await client.POST('/ReturnLoan', { body: { loan_id: 1 } })).data?.value[0]?.stillOut
  void [title, price, next, share, id, failure, bookTitle, posted, stillOut]
}
`,
      )
      expect(errors).toEqual([])
    },
  )

  it('rejects at compile time what the role may not do or see', TYPECHECK, async () => {
    const schema = await generate('anonymous')
    const errors = typecheck(
      schema,
      `${CLIENT_HEADER}
export async function use(): Promise<void> {
  const author = await client.GET('/Author/id/{id}', { params: { path: { id: 1 } } })
  const email = author.data?.value[0]?.email
  await client.POST('/Book', { body: { title: 'No', publisher_id: 1 } })
  await client.GET('/Loan')
  await client.GET('/BooksByPublisher', { params: { query: { min_price: 1 } } })
  void email
}
`,
    )
    expect(errors).toHaveLength(4)
    expect(errors[0]).toMatch(/^const email = .* → Property 'email' does not exist/)
    expect(errors[1]).toMatch(/^await client.POST\('\/Book'.* → Argument of type '"\/Book"' is not assignable/)
    expect(errors[2]).toMatch(/^await client.GET\('\/Loan'\) → /)
    // A required procedure parameter left out.
    expect(errors[3]).toMatch(/^await client.GET\('\/BooksByPublisher'.* → Property 'publisher' is missing/)
  })

  it('a client on the generated types reads rows from the running server', TYPECHECK, async () => {
    const schema = await generate('anonymous')
    expect(typecheck(schema, `${CLIENT_HEADER}export const c = client\n`)).toEqual([])
    const base = await server.server.listen(0, '127.0.0.1')
    // The same call the compiled client makes, typed by hand to the shape generated above.
    const client = createClient<{
      '/Book': {
        get: {
          parameters: { query?: { $first?: number; $select?: string } }
          responses: {
            200: { content: { 'application/json': { value: { id: number; title: string }[]; nextLink?: string } } }
          }
        }
      }
    }>({ baseUrl: `${base}/api` })
    const { data, response } = await client.GET('/Book', { params: { query: { $first: 2, $select: 'id,title' } } })
    expect(response.status).toBe(200)
    expect(data?.value).toHaveLength(2)
    expect(Object.keys(data!.value[0]!)).toEqual(['id', 'title'])
    expect(data?.nextLink).toContain('$after=')
  })
})
