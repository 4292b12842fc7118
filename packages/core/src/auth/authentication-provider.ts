import type { HttpRequest } from '../protocol/http.js'
import type { Principal } from '../request/request-context.js'

/**
 * Establishes who is calling, from the HTTP request (a bearer token, an identity header …). Throws a coded
 * 401 `SluiceError` for credentials that are present but invalid; a request without credentials is anonymous.
 * The role the caller acts as is chosen afterwards by {@link resolveRole}. Answer without a promise when no I/O is
 * needed (no credentials, a token verified lately): the host then awaits nothing, a microtask saved on every request.
 */
export interface AuthenticationProvider {
  readonly name: string
  authenticate(request: HttpRequest): Principal | Promise<Principal>
}
