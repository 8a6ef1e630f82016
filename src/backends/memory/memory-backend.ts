/**
 * `memory`: an object store inside this process, for trying the tool and for tests that need no
 * server. Objects and their datastreams' bytes live in a Map for as long as the backend is open.
 * Every operation first waits its simulated latency (latency.ts) — the cost this backend is told
 * to have, not a measurement of any store — then does its work: creating an existing object is
 * E_EXISTS, reading or removing a missing one E_NOT_FOUND, as the contract suite asks of every store.
 */
import { createHash } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { contentChunks } from '../../generate/content.js';
import type { DatastreamPlan, ObjectPlan } from '../../generate/plan.js';
import type {
  Backend,
  HeadCapability,
  ListCapability,
  ListPageCapability,
  RangeReadCapability,
  ReadCapability,
  RemoveCapability,
} from '../backend.js';
import type { OpTiming, TargetInfo } from '../../model/timings.js';
import type { ObjectRef } from '../../model/records.js';
import { OpError, timeOp } from '../op-timer.js';
import { LatencySampler, type LatencySpec } from './latency.js';

export interface MemoryOptions {
  /** The simulated latency of every operation. */
  latency: LatencySpec;
  /** As typed (recorded with the run). */
  latencyText: string;
  runId: string;
}

interface StoredDatastream {
  chunks: Buffer[];
  size: number;
  sha256: string;
}

export class MemoryBackend
  implements
    Backend,
    ReadCapability,
    RemoveCapability,
    ListCapability,
    HeadCapability,
    RangeReadCapability,
    ListPageCapability
{
  readonly name = 'memory';
  private readonly objects = new Map<string, Map<string, StoredDatastream>>();
  private readonly latency: LatencySampler;

  constructor(private readonly o: MemoryOptions) {
    this.latency = new LatencySampler(o.latency);
  }

  /**
   * The simulated cost of one operation, never shorter than drawn (node's timers wait at least 1 ms
   * for any wait above 0). A Node timer counts from the start of the event loop's turn, so measured
   * from here it can end up to about 1 ms early (a 3 ms wait was timed at 2.6 ms on a busy machine);
   * what is left of the wait is then waited again, in whole milliseconds.
   */
  private async simulate(): Promise<void> {
    const ms = this.latency.next();
    if (!(ms > 0)) return;
    const until = performance.now() + ms;
    for (let left = ms; left > 0; left = until - performance.now()) await wait(Math.ceil(left));
  }

  async preflight(): Promise<TargetInfo> {
    return {
      backend: this.name,
      target: `memory:${this.o.runId}`,
      product: 'ingest-scale in-process memory store',
      details: { latency: this.o.latencyText, simulated: true, pid: process.pid },
    };
  }

  async ingest(plan: ObjectPlan): Promise<OpTiming[]> {
    const created = await timeOp(
      { kind: 'create-object', objectId: plan.id, objectIndex: plan.index, datastreamId: null, bytes: 0 },
      async () => {
        await this.simulate();
        if (this.objects.has(plan.id)) throw new OpError('E_EXISTS', `object ${plan.id} exists`);
        this.objects.set(plan.id, new Map());
      },
    );
    if (created.status === 'failed') return [created];
    const ops = [created];
    for (const ds of plan.datastreams) {
      ops.push(
        await timeOp(
          { kind: 'add-datastream', objectId: plan.id, objectIndex: plan.index, datastreamId: ds.id, bytes: ds.size },
          async () => {
            await this.simulate();
            return this.put(plan.id, ds);
          },
        ),
      );
    }
    return ops;
  }

  /** Stores a datastream's content (its version, if it has one) into an existing object. */
  private put(objectId: string, ds: DatastreamPlan): { sha256: string } {
    const h = createHash('sha256');
    const chunks: Buffer[] = [];
    for (const chunk of contentChunks(ds)) {
      h.update(chunk);
      chunks.push(chunk);
    }
    const object = this.objects.get(objectId);
    if (object === undefined) throw new OpError('E_NOT_FOUND', `object ${objectId} not found`);
    const sha256 = h.digest('hex');
    object.set(ds.id, { chunks, size: ds.size, sha256 });
    return { sha256 };
  }

  /** The `update` probe: the datastream's next version (carried by `ds`) written over the stored one. */
  async update(plan: ObjectPlan, ds: DatastreamPlan): Promise<{ sha256: string }> {
    await this.simulate();
    return this.put(plan.id, ds);
  }

  /** A stored datastream after the simulated wait, or E_NOT_FOUND. */
  private async datastream(objectId: string, datastreamId: string): Promise<StoredDatastream> {
    await this.simulate();
    const ds = this.objects.get(objectId)?.get(datastreamId);
    if (ds === undefined) throw new OpError('E_NOT_FOUND', `datastream ${objectId}/${datastreamId} not found`);
    return ds;
  }

  async *read(objectId: string, datastreamId: string): AsyncIterable<Uint8Array> {
    yield* (await this.datastream(objectId, datastreamId)).chunks;
  }

  async head(objectId: string, datastreamId: string): Promise<{ size: number }> {
    return { size: (await this.datastream(objectId, datastreamId)).size };
  }

  async *readRange(
    objectId: string,
    datastreamId: string,
    range: { start: number; end: number },
  ): AsyncIterable<Uint8Array> {
    const ds = await this.datastream(objectId, datastreamId);
    let at = 0;
    for (const chunk of ds.chunks) {
      const from = Math.max(range.start - at, 0);
      const to = Math.min(range.end - at, chunk.length);
      if (from < to) yield chunk.subarray(from, to);
      at += chunk.length;
      if (at >= range.end) return;
    }
  }

  async listFirstPage(max: number): Promise<{ entries: number }> {
    await this.simulate();
    return { entries: Math.min(max, this.objects.size) };
  }

  async remove({ id }: ObjectRef): Promise<void> {
    await this.simulate();
    if (!this.objects.delete(id)) throw new OpError('E_NOT_FOUND', `object ${id} not found`);
  }

  async *list(): AsyncIterable<string> {
    yield* this.objects.keys();
  }

  /** The data goes with the backend: it lived only for this process. */
  async close(): Promise<void> {
    this.objects.clear();
  }
}
