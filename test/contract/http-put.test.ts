/** The plain HTTP PUT backend against nginx's WebDAV module (create_full_put_path: both --collections modes). */
import { nginxInstalled, startNginx } from '../helpers/nginx-peer.js';
import { httpPutSuite } from './http-put-suite.js';

httpPutSuite({
  name: 'nginx dav_methods',
  installed: nginxInstalled,
  missing: 'nginx not installed',
  start: startNginx,
  freshPerTarget: false,
  modes: ['mkcol', 'none'],
});
