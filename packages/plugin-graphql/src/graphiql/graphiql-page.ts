import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { SluiceError, type HttpRequest, type HttpResponse } from '@sluice/core/protocol'

const require = createRequire(import.meta.url)

/** The files GraphiQL needs, from npm packages (no CDN): React 18 and GraphiQL 3 UMD builds. */
const ASSETS: Readonly<Record<string, { readonly package: string; readonly file: string; readonly type: string }>> = {
  'react.production.min.js': {
    package: 'react',
    file: 'umd/react.production.min.js',
    type: 'text/javascript; charset=utf-8',
  },
  'react-dom.production.min.js': {
    package: 'react-dom',
    file: 'umd/react-dom.production.min.js',
    type: 'text/javascript; charset=utf-8',
  },
  'graphiql.min.js': { package: 'graphiql', file: 'graphiql.min.js', type: 'text/javascript; charset=utf-8' },
  'graphiql.min.css': { package: 'graphiql', file: 'graphiql.min.css', type: 'text/css; charset=utf-8' },
}

/**
 * GraphiQL for development mode: the page at GET on the GraphQL path and its assets below `{path}/graphiql/`. Files
 * are read on first use and kept (about 1.4 MB), so production — where none of this is mounted — never loads them.
 */
export class GraphiQLPage {
  readonly #loaded = new Map<string, string>()

  /** `defaultQuery`: the document the editor opens with (`buildDefaultQuery`). */
  constructor(
    private readonly path: string,
    private readonly defaultQuery: string,
  ) {}

  page(_request: HttpRequest): HttpResponse {
    const base = `${this.path}/graphiql`
    const url = JSON.stringify(this.path)
    // JSON in a script element: `<` escaped so no text of the schema can close it.
    const query = JSON.stringify(this.defaultQuery).replaceAll('<', '\\u003c')
    const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sluice GraphiQL</title>
<link rel="stylesheet" href="${base}/graphiql.min.css">
</head>
<body style="margin:0">
<div id="graphiql" style="height:100vh"></div>
<script src="${base}/react.production.min.js"></script>
<script src="${base}/react-dom.production.min.js"></script>
<script src="${base}/graphiql.min.js"></script>
<script>
ReactDOM.createRoot(document.getElementById('graphiql')).render(
  React.createElement(GraphiQL, { fetcher: GraphiQL.createFetcher({ url: ${url} }), defaultQuery: ${query}, defaultEditorToolsVisibility: true }))
</script>
</body>
</html>
`
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }, body }
  }

  asset(request: HttpRequest): HttpResponse {
    const name = request.path.slice(request.path.lastIndexOf('/') + 1)
    const asset = ASSETS[name]
    if (asset === undefined)
      throw new SluiceError('SLUICE_ERR_ROUTE_NOT_FOUND', { method: request.method, path: request.path })
    let text = this.#loaded.get(name)
    if (text === undefined) {
      text = readFileSync(join(dirname(require.resolve(`${asset.package}/package.json`)), asset.file), 'utf8')
      this.#loaded.set(name, text)
    }
    return {
      status: 200,
      headers: { 'content-type': asset.type, 'cache-control': 'public, max-age=86400' },
      body: text,
    }
  }
}
