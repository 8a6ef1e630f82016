/**
 * The reference servers' front door, for `ingest-scale serve`: one start function per protocol
 * (Fedora 3, LDP, http-put) and the http-put store's faults.
 */
export { startFedora3Server } from './fedora3/fedora3-server.js';
export { NO_FAULTS, parseFaults } from './http-put/faults.js';
export { startHttpPutServer } from './http-put/http-put-server.js';
export { startLdpServer } from './ldp/ldp-server.js';
