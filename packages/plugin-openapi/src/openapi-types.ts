/**
 * The slice of the OpenAPI 3.0 object model this plugin writes. Plain JSON shapes: the document is built once at
 * start-up and serialized, so there is no need for a document library at run time.
 */
export interface OpenApiDocument {
  readonly openapi: '3.0.1'
  readonly info: {
    readonly title: string
    readonly version: string
    readonly description?: string
    readonly license?: { readonly name: string; readonly url?: string }
  }
  readonly servers: readonly { readonly url: string; readonly description?: string }[]
  /** What every operation requires; `[]` when it requires no credentials. */
  readonly security: readonly SecurityRequirement[]
  readonly tags: readonly { readonly name: string; readonly description?: string }[]
  readonly paths: Readonly<Record<string, PathItem>>
  readonly components: Components
}

export interface Components {
  readonly schemas: Readonly<Record<string, Schema>>
  readonly parameters: Readonly<Record<string, Parameter>>
  readonly responses: Readonly<Record<string, Response>>
  /** Absent when the document requires no credentials. */
  readonly securitySchemes?: Readonly<Record<string, SecurityScheme>>
}

export type HttpVerb = 'get' | 'post' | 'put' | 'patch' | 'delete'
export type PathItem = Partial<Record<HttpVerb, Operation>>

export interface Operation {
  readonly tags: readonly string[]
  readonly summary: string
  readonly description?: string
  readonly operationId: string
  readonly parameters: readonly (Parameter | Reference)[]
  readonly requestBody?: RequestBody
  readonly responses: Readonly<Record<string, Response | Reference>>
  readonly security?: readonly SecurityRequirement[]
}

/** Scheme name → scopes; a list of these means any one of them. */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>

export interface Parameter {
  readonly name: string
  readonly in: 'query' | 'header' | 'path'
  readonly description?: string
  readonly required: boolean
  readonly schema: Schema
  readonly example?: unknown
}

export interface RequestBody {
  readonly description?: string
  readonly required: boolean
  readonly content: { readonly 'application/json': { readonly schema: Schema | Reference } }
}

export interface Response {
  readonly description: string
  readonly headers?: Readonly<Record<string, { readonly description: string; readonly schema: Schema }>>
  readonly content?: { readonly 'application/json': { readonly schema: Schema | Reference } }
}

export interface Reference {
  readonly $ref: string
}

export interface SecurityScheme {
  readonly type: 'http'
  readonly scheme: 'bearer'
  readonly bearerFormat?: string
  readonly description?: string
}

/** An OpenAPI 3.0 Schema Object (JSON Schema draft-05 subset plus `nullable`). */
export interface Schema {
  readonly type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array'
  readonly format?: string
  readonly description?: string
  readonly nullable?: boolean
  readonly maxLength?: number
  readonly properties?: Readonly<Record<string, Schema | Reference>>
  readonly required?: readonly string[]
  readonly additionalProperties?: boolean | Schema
  readonly items?: Schema | Reference
  readonly default?: unknown
  readonly enum?: readonly unknown[]
  readonly allOf?: readonly (Schema | Reference)[]
}

/** `#/components/<section>/<name>`. */
export function ref(section: keyof Components, name: string): Reference {
  return { $ref: `#/components/${section}/${name}` }
}
