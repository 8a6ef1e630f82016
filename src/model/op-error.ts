/**
 * A failed operation with a stable error code (E_TIMEOUT, E_HTTP_500, …) and the HTTP status where
 * there was one: thrown by the write client (src/http1/) and the backends, recorded on the
 * operation's row (src/backends/op-timer.ts).
 */
export class OpError extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'OpError';
  }
}
