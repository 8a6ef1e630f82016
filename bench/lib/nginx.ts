/**
 * nginx with dav_methods (Debian's nginx-light) as a second PUT server for the HTTP overhead
 * benchmark: the very peer the http-put contract tests use (test/helpers/nginx-peer.ts), so the
 * benchmark and the tests start, configure and stop nginx in one way.
 */
export { NGINX, nginxInstalled, startNginx, type NginxPeer as Nginx } from '../../test/helpers/nginx-peer.js';
