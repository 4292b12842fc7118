/**
 * The Swagger UI page and its start-up script. Asset URLs are absolute (`/swagger/…`) so the page works at both
 * `/swagger` and `/swagger/`. The script is a file rather than inline code, so a strict Content-Security-Policy
 * in front of the server does not need `unsafe-inline`.
 */
export function swaggerUiPage(base: string): string {
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Sluice REST API — Swagger UI</title>
    <link rel="stylesheet" type="text/css" href="${base}/swagger-ui.css" />
    <link rel="stylesheet" type="text/css" href="${base}/index.css" />
    <link rel="icon" type="image/png" href="${base}/favicon-32x32.png" sizes="32x32" />
    <link rel="icon" type="image/png" href="${base}/favicon-16x16.png" sizes="16x16" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${base}/swagger-ui-bundle.js" charset="UTF-8"></script>
    <script src="${base}/swagger-ui-standalone-preset.js" charset="UTF-8"></script>
    <script src="${base}/swagger-initializer.js" charset="UTF-8"></script>
  </body>
</html>
`
}

export interface SwaggerDocumentLink {
  readonly name: string
  readonly url: string
}

/** Starts Swagger UI on the given documents; the first (the anonymous view) is shown first, the others via the top bar. */
export function swaggerUiInitializer(documents: readonly SwaggerDocumentLink[], base: string): string {
  const options = {
    urls: documents,
    'urls.primaryName': documents[0]?.name,
    dom_id: '#swagger-ui',
    deepLinking: true,
    layout: 'StandaloneLayout',
    oauth2RedirectUrl: `${base}/oauth2-redirect.html`,
  }
  return `window.onload = function () {
  var options = ${JSON.stringify(options, null, 2)};
  options.presets = [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset];
  options.plugins = [SwaggerUIBundle.plugins.DownloadUrl];
  window.ui = SwaggerUIBundle(options);
};
`
}
