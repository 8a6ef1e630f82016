/** The protocols of `ingest-scale serve`, in the order --protocol lists them. Adding one adds a line here. */
import { fedora3 } from './fedora3.js';
import { httpPut } from './http-put.js';
import { ldp } from './ldp.js';
import type { ServeProtocol } from './serve-protocol.js';

export const SERVE_PROTOCOLS: readonly ServeProtocol[] = [fedora3, ldp, httpPut];

/** The options of every protocol, in the order --help has always shown them (the ground-truth store's first). */
export const SERVE_OPTIONS_ORDER: readonly ServeProtocol[] = [httpPut, ldp, fedora3];
