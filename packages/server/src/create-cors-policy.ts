import { SluiceError, type HostConfig } from '@sluice/core'

/**
 * Which browser origins may call Sluice, decided as Data API builder's ASP.NET Core policy does
 * (`WithOrigins(origins).AllowAnyMethod().AllowAnyHeader().SetIsOriginAllowedToAllowWildcardSubdomains()`):
 * - `["*"]` alone allows every origin (`Access-Control-Allow-Origin: *`); a `*` beside other origins is only text;
 * - `https://*.example.com` allows every subdomain of example.com over https (not example.com itself);
 * - other entries match an `Origin` exactly (scheme, host and port; case-insensitive; a trailing `/` is ignored).
 */
export interface CorsPolicy {
  /** No origin can ever match: nothing to register. */
  readonly empty: boolean
  readonly anyOrigin: boolean
  readonly allowCredentials: boolean
  /** The value for `Access-Control-Allow-Origin`, or `undefined` when the origin is not allowed. */
  allowOrigin(origin: string): string | undefined
}

/** Headers a browser script may read from a cross-origin response (Data API builder exposes none; see decisions). */
export const CORS_EXPOSED_HEADERS = ['Location', 'x-ms-correlation-id'] as const

export function createCorsPolicy(cors: HostConfig['cors']): CorsPolicy {
  const anyOrigin = cors.origins.length === 1 && cors.origins[0] === '*'
  if (anyOrigin && cors.allowCredentials) {
    // ASP.NET Core refuses this policy at start-up; browsers reject `*` with credentials anyway.
    throw new SluiceError('SLUICE_ERR_CONFIG', {
      count: 1,
      problems:
        '  - runtime.host.cors: allow-credentials true cannot be combined with origins ["*"]; list the origins that may send credentials',
    })
  }
  const exact = new Set<string>()
  const subdomains: { scheme: string; suffix: string; port: string }[] = []
  for (const entry of cors.origins) {
    const origin = normalizeOrigin(entry)
    const wildcard = /^(https?):\/\/\*\.([^/:]+)(?::(\d+))?$/.exec(origin)
    if (wildcard !== null)
      subdomains.push({ scheme: wildcard[1]!, suffix: `.${wildcard[2]!}`, port: wildcard[3] ?? '' })
    else if (origin !== '') exact.add(origin)
  }
  return {
    empty: !anyOrigin && exact.size === 0 && subdomains.length === 0,
    anyOrigin,
    allowCredentials: cors.allowCredentials,
    allowOrigin(origin) {
      if (anyOrigin) return '*'
      const normalized = normalizeOrigin(origin)
      if (exact.has(normalized)) return origin
      if (subdomains.length === 0) return undefined
      const parsed = /^(https?):\/\/([^/:]+)(?::(\d+))?$/.exec(normalized)
      if (parsed === null) return undefined
      const [, scheme, host, port = ''] = parsed
      const matches = subdomains.some(
        (s) => s.scheme === scheme && s.port === port && host!.endsWith(s.suffix) && host!.length > s.suffix.length,
      )
      return matches ? origin : undefined
    },
  }
}

function normalizeOrigin(origin: string): string {
  return origin.trim().toLowerCase().replace(/\/+$/, '')
}
