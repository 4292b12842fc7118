import type { RuntimeConfig } from '../config/runtime-config.js'
import type { SluicePlugin } from '../plugin/sluice-plugin.js'
import type { HttpRequest, HttpResponse } from './http.js'

/**
 * Rewrites a finished response before the server sends it (content encoding, for instance). Runs for every protocol's
 * responses, in plugin order. It must leave streamed bodies alone unless it can flush them as they come.
 */
export interface ResponseEncoder {
  encode(request: HttpRequest, response: HttpResponse): HttpResponse | Promise<HttpResponse>
}

/** A plugin that contributes a response encoder, or none when config turns it off. */
export interface ResponseEncoderPlugin extends SluicePlugin {
  readonly kind: 'response-encoder'
  createEncoder(config: RuntimeConfig): ResponseEncoder | undefined
}
