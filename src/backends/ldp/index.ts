/**
 * The `ldp` backend module: Fedora 4/5/6 and plain LDP servers. All of a run's objects live under
 * its run container, named after the run id; the flavor is recorded with the run (preflight
 * details), so `clean` speaks to the server as the run did.
 */
import { UsageError } from '../../errors.js';
import { flagOn, flagValue, type BackendModule } from '../backend-module.js';
import { cleanContext, HTTP_OPTIONS, httpTarget, recordedString, requireUrl, USER_OPTION } from '../server-options.js';
import { FLAVORS, type FlavorName } from './flavor.js';
import type { LdpOptions } from './ldp-backend.js';
import { OIDC_ISSUER, oidcClientOf, oidcLogin } from './ldp-oidc.js';

const FLAVOR = {
  flag: '--flavor',
  value: '<name>',
  help: 'LDP server kind: how binaries, digests and transactions are spoken',
  default: 'fedora6',
  choices: FLAVORS,
};
const CREATE = {
  flag: '--create',
  value: '<method>',
  help: 'LDP: create object containers with PUT at a chosen path, or POST with a Slug',
  default: 'put',
  choices: ['put', 'post'],
};
const TX = {
  flag: '--tx',
  value: '<mode>',
  help: 'LDP: one transaction per batch, its commit timed as its own operation',
  default: 'none',
  choices: ['none', 'per-batch'],
};
const PURGE_TOMBSTONES = {
  flag: '--purge-tombstones',
  help: 'LDP (Fedora): also delete the tombstones deletes leave, so the paths can be reused',
  commands: ['clean'] as const,
};

export const ldp: BackendModule<LdpOptions> = {
  name: 'ldp',
  description:
    'Fedora 4/5/6 HTTP API or plain LDP (--url http://HOST:8080/rest --flavor fedora6|fedora5|fedora4|solid): containers and binaries; a Solid pod behind a login with --oidc-issuer (client credentials from INGEST_SCALE_CLIENT_ID/INGEST_SCALE_CLIENT_SECRET)',
  options: [...HTTP_OPTIONS, FLAVOR, CREATE, TX, PURGE_TOMBSTONES, OIDC_ISSUER],
  fromFlags(flags, ctx) {
    const flavor = flagValue(flags, FLAVOR) as FlavorName;
    const tx = flagValue(flags, TX) as LdpOptions['tx'];
    if (tx === 'per-batch' && flavor === 'solid') {
      throw new UsageError(
        'E_BAD_FLAG',
        '--tx per-batch: Solid servers have no transactions',
        'use --tx none with --flavor solid',
      );
    }
    const url = requireUrl(flags, 'ldp');
    const oidc = oidcClientOf(flags, ctx, { flavor, user: flagValue(flags, USER_OPTION) });
    return {
      ...httpTarget(url, flags, ctx),
      ...(oidc ? { oidc } : {}),
      flavor,
      create: flagValue(flags, CREATE) as LdpOptions['create'],
      tx,
      purgeTombstones: false,
      runId: ctx.runId,
      workload: ctx.workload,
      purpose: 'run',
      ...(ctx.shared === true ? { shared: true } : {}),
    };
  },
  fromRecorded(run, access) {
    const ctx = cleanContext(run, access);
    const resume = access.purpose === 'resume';
    const flavor = (recordedString(run, 'flavor') ?? FLAVOR.default) as FlavorName;
    const oidc = oidcClientOf(access.flags, ctx, {
      flavor,
      user: flagValue(access.flags, USER_OPTION),
      recordedIssuer: recordedString(run, 'oidcIssuer'),
    });
    return {
      options: {
        ...httpTarget(run.target, access.flags, ctx),
        ...(oidc ? { oidc } : {}),
        flavor,
        // a resume writes as the run did; a half-written object it removes must leave no tombstone, so its path can be written again
        create: resume && recordedString(run, 'create') === 'post' ? 'post' : 'put',
        tx: resume && recordedString(run, 'tx') === 'per-batch' ? 'per-batch' : 'none',
        purgeTombstones: resume || flagOn(access.flags, PURGE_TOMBSTONES),
        runId: run.id,
        workload: run.workload,
        purpose: ctx.purpose,
      },
    };
  },
  async create(options) {
    const { LdpBackend } = await import('./ldp-backend.js');
    // the login comes first: a refused one stops the run before anything is asked of the server
    if (options.oidc === undefined) return new LdpBackend(options);
    return new LdpBackend({ ...options, requestAuth: await oidcLogin(options.oidc) });
  },
};
