/**
 * Before any batch: GET the root container (without its containment listing), check that it
 * answers as an LDP container and that the credentials are accepted, and say which kind of
 * server it looks like beside the flavor the user chose.
 */
import { RunFailedError } from '../../errors.js';
import type { TargetInfo } from '../../model/timings.js';
import {
  headerValue,
  refusal,
  targetError,
  unreachable,
  type HttpResult,
  type HttpTarget,
} from '../http/http-target.js';
import { guessFlavor, OMIT_CONTAINMENT, type Flavor } from './flavor.js';

export async function preflightLdp(http: HttpTarget, flavor: Flavor): Promise<TargetInfo> {
  const root = flavor.containerSlash ? `${http.basePath}/` : http.basePath || '/';
  let r: HttpResult;
  try {
    r = await http.request('GET', root, {
      headers: { accept: 'text/turtle', prefer: OMIT_CONTAINMENT },
      readText: true,
    });
  } catch (e) {
    throw unreachable(e, http.display);
  }
  const refused = refusal(r, { method: 'GET', path: root, target: http.display, sent: http.sentAuth });
  if (refused) throw refused;
  if (r.status >= 500) throw targetError('GET', root, r.status, r.text, { target: http.display });
  const links = [r.headers.link].flat().join(', ');
  if (r.status !== 200 || !/ldp#(Basic|Direct|Indirect)?Container/.test(links)) {
    throw new RunFailedError(
      'E_TARGET',
      `${http.display} does not answer as an LDP container: GET answered HTTP ${r.status}${links ? ` with Link ${links.slice(0, 200)}` : ' without a type Link'}`,
      {
        hint: 'give --url the repository root, e.g. http://127.0.0.1:8080/rest (Fedora) or http://127.0.0.1:3000/ (Solid)',
      },
    );
  }
  const guess = guessFlavor(r.headers, r.text);
  const looksLike = guess === null ? 'an LDP server' : guess;
  const product = headerValue(r.headers, 'server') ?? headerValue(r.headers, 'x-powered-by');
  return {
    backend: 'ldp',
    target: http.display,
    ...(product ? { product } : {}),
    details: {
      flavor: flavor.name,
      looksLike,
      flavorMatches:
        guess === null || guess === flavor.name || (guess === 'fedora' && flavor.name.startsWith('fedora')),
    },
  };
}
