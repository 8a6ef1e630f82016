/**
 * What differs between LDP servers (docs/protocols.md §2.2–2.7): how a binary is declared, which
 * Digest token carries SHA-256, how a transaction is scoped and committed, whether containers end
 * in "/" and whether deletes leave tombstones.
 */
export type FlavorName = 'fedora6' | 'fedora5' | 'fedora4' | 'solid';
export const FLAVORS: readonly FlavorName[] = ['fedora6', 'fedora5', 'fedora4', 'solid'];

export const LDP = 'http://www.w3.org/ns/ldp#';
export const CONTAINER_LINK = `<${LDP}BasicContainer>; rel="type"`;
export const BINARY_LINK = `<${LDP}NonRDFSource>; rel="type"`;
export const OMIT_CONTAINMENT = `return=representation; omit="${LDP}PreferContainment"`;

export interface Flavor {
  name: FlavorName;
  /** Container URLs end with "/" (Solid) or not (Fedora). */
  containerSlash: boolean;
  /** Send the NonRDFSource interaction-model link on binaries (5/6); Fedora 4 decides by Content-Type. */
  binaryLink: boolean;
  /** Digest header for the SHA-256 of a binary, or null where the server has none. */
  digest: ((hex: string) => string) | null;
  /** Want-Digest token for SHA-256 on reads, or null. */
  wantDigest: string | null;
  /** Transactions: URL prefix (4/5), Atomic-ID header (6), none (Solid). */
  tx: 'prefix' | 'atomic-id' | 'none';
  /** DELETE leaves a tombstone at …/fcr:tombstone. */
  tombstones: boolean;
  /** DELETE of a container removes its children (Fedora) or refuses while it has any (Solid: 409). */
  recursiveDelete: boolean;
}

export const FLAVOR: Record<FlavorName, Flavor> = {
  fedora6: {
    name: 'fedora6',
    containerSlash: false,
    binaryLink: true,
    digest: (h) => `sha-256=${h}`,
    wantDigest: 'sha-256',
    tx: 'atomic-id',
    tombstones: true,
    recursiveDelete: true,
  },
  fedora5: {
    name: 'fedora5',
    containerSlash: false,
    binaryLink: true,
    digest: (h) => `SHA-256=${h}`,
    wantDigest: 'SHA-256',
    tx: 'prefix',
    tombstones: true,
    recursiveDelete: true,
  },
  fedora4: {
    name: 'fedora4',
    containerSlash: false,
    binaryLink: false,
    digest: (h) => `SHA-256=${h}`,
    wantDigest: null,
    tx: 'prefix',
    tombstones: true,
    recursiveDelete: true,
  },
  solid: {
    name: 'solid',
    containerSlash: true,
    binaryLink: false,
    digest: null,
    wantDigest: null,
    tx: 'none',
    tombstones: false,
    recursiveDelete: false,
  },
};

/** Which flavor a server's root response suggests (for the preflight message), or null. */
export function guessFlavor(
  headers: Record<string, string | string[] | undefined>,
  body: string,
): FlavorName | 'fedora' | null {
  const all = Object.entries(headers)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : (v ?? '')}`)
    .join('\n');
  if (/solid/i.test(String(headers['x-powered-by'] ?? '')) || /pim\/space#Storage/.test(all)) return 'solid';
  if (/x-state-token/i.test(all) || /fcr:tx/.test(all)) return 'fedora6';
  if (/fedora\.info\/definitions/.test(all + body)) return 'fedora';
  return null;
}
