/** The plain HTTP PUT backend against `rclone serve webdav` (a PUT into a missing collection is 404: MKCOL first). */
import { rcloneInstalled, startRclone } from '../helpers/rclone-peer.js';
import { httpPutSuite } from './http-put-suite.js';

httpPutSuite({
  name: 'rclone serve webdav',
  installed: rcloneInstalled,
  missing: 'rclone not installed',
  start: startRclone,
  freshPerTarget: true,
  modes: ['mkcol'],
});
