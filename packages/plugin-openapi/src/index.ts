/** OpenAPI documents per role at `{rest-path}/openapi`. */
export { openapiPlugin } from './openapi-plugin.js'
/** Swagger UI at `/swagger` in development mode, served from the swagger-ui-dist package. */
export { swaggerUiPlugin } from './swagger-ui-plugin.js'
/** The document of one role, for tools that want it without a server (tests, generators). */
export { buildOpenApiDocument } from './build-openapi-document.js'
export type { OpenApiDocument } from './openapi-types.js'
