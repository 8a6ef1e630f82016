/**
 * Key layout of the embedded store. Ids never contain "!", so "!" closes every prefix and
 * ranges of one object never spill into another ("o1!" vs "o10!").
 *
 *   obj!{id}                      object record (JSON)
 *   ds!{id}!{dsId}                datastream record (JSON: size, sha256, mime, chunks)
 *   chunk!{id}!{dsId}!{n, 8 hex}  content chunk n
 */
export const HIGH = '\uffff';

export const objectKey = (id: string): string => `obj!${id}`;
export const datastreamKey = (id: string, dsId: string): string => `ds!${id}!${dsId}`;
export const chunkKey = (id: string, dsId: string, n: number): string =>
  `chunk!${id}!${dsId}!${n.toString(16).padStart(8, '0')}`;

export interface KeyRange {
  gte: string;
  lt: string;
}

export const prefixRange = (prefix: string): KeyRange => ({ gte: prefix, lt: prefix + HIGH });
export const objectsRange = (): KeyRange => prefixRange('obj!');
export const datastreamsOf = (id: string): KeyRange => prefixRange(`ds!${id}!`);
export const chunksOfObject = (id: string): KeyRange => prefixRange(`chunk!${id}!`);
export const chunksOf = (id: string, dsId: string): KeyRange => prefixRange(`chunk!${id}!${dsId}!`);

export interface ObjectRecord {
  id: string;
  path: string[];
  created: string;
}

export interface DatastreamRecord {
  id: string;
  size: number;
  sha256: string;
  mime: string;
  chunks: number;
  created: string;
}
