/**
 * The one error type a reference-server handler throws to end a request with a given status.
 * The dispatcher turns it into a response; anything else becomes a 500. Reference servers only:
 * clients never import this.
 */

export interface HttpErrorOptions {
  /** Content-Type of the body; default text/plain. */
  contentType?: string;
  /** Response body; default the message. An empty string sends an empty body. */
  body?: string;
  /** Extra response headers (e.g. WWW-Authenticate, Allow, Content-Range). */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class HttpError extends Error {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, opts: HttpErrorOptions = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'HttpError';
    this.status = status;
    this.contentType = opts.contentType ?? 'text/plain';
    this.body = opts.body ?? message;
    this.headers = opts.headers ?? {};
  }
}

export function isHttpError(e: unknown): e is HttpError {
  return e instanceof HttpError;
}

export const badRequest = (message: string, opts?: HttpErrorOptions): HttpError => new HttpError(400, message, opts);
export const notFound = (message: string, opts?: HttpErrorOptions): HttpError => new HttpError(404, message, opts);
export const serverError = (message: string, opts?: HttpErrorOptions): HttpError => new HttpError(500, message, opts);

export function methodNotAllowed(allowed: readonly string[]): HttpError {
  return new HttpError(405, 'Method Not Allowed', { headers: { Allow: allowed.join(', ') } });
}

/** The body was cut off or the client went away: nothing can be answered, nothing may be stored. */
export class ClientAbortError extends Error {
  constructor(message = 'the client aborted the request body', cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ClientAbortError';
  }
}
