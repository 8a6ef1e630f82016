/**
 * The keep-alive HTTP/1.1 write client's front door: the pool, the body pool and the size a
 * body is copied up to.
 */
export { BodyPool } from './body-pool.js';
export { Http1Pool } from './http1-pool.js';
export { COPY_LIMIT } from './write-body.js';
