/**
 * `memory`: an object store inside this process, for trying the tool and for tests that need no
 * server. Objects and their datastreams' bytes live in a Map for as long as the backend is open.
 * Every operation first waits its simulated latency (latency.ts) — the cost this backend is told
 * to have, not a measurement of any store — then does its work: creating an existing object is
 * E_EXISTS, reading or removing a missing one E_NOT_FOUND, as the contract suite asks of every store.
 * With a cost model (`--cost`, src/cost-model/) the drawn latency is scaled by the model at the
 * store's fill (objects stored), as the reference PUT store scales its base cost. The waits are on
 * the host's clock, or with `--virtual-clock` on a virtual one (virtual-clock.ts) that the run then
 * reads too, with a scripted host (virtual-host.ts) for its contention guard.
 */
import { createHash } from 'node:crypto';
import { putCostMs, stallAfterMs, type CostSettings } from '../../cost-model/index.js';
import { realClock, type Clock } from '../../model/clock.js';
import { contentChunks, type DatastreamPlan, type ObjectPlan } from '../../generate/index.js';
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
import { VirtualClock } from './virtual-clock.js';
import { VirtualHost, type VirtualHostSpec } from './virtual-host.js';

export interface MemoryOptions {
  /** The simulated latency of every operation. */
  latency: LatencySpec;
  /** As typed (recorded with the run). */
  latencyText: string;
  runId: string;
  /** Seed of the latency draws: the workload's --seed (1 unless given), so another seed draws another store. */
  seed?: number;
  /** Scales each drawn latency by the model at the fill (baseMs 1: a factor); absent: constant. */
  cost?: CostSettings & { text: string };
  /** Waits on a virtual clock the run reads too, with this scripted host; absent: the host's clock and /proc. */
  virtual?: { host: VirtualHostSpec; hostText: string };
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
  /** The run's clock and host when they are virtual (SimulatedTimeCapability); undefined otherwise. */
  readonly clock?: VirtualClock;
  readonly host?: VirtualHost;
  private readonly timer: Clock;
  /** A stall (`--cost stalls:EVERY:FOR`) pauses every operation until this reading of the clock. */
  private stalledUntilNs = 0n;

  constructor(private readonly o: MemoryOptions) {
    this.latency = new LatencySampler(o.latency, o.seed ?? 1);
    if (o.virtual !== undefined) {
      this.clock = new VirtualClock();
      this.host = new VirtualHost(o.virtual.host, this.clock, () => this.objects.size);
    }
    this.timer = this.clock ?? realClock;
  }

  /**
   * The simulated cost of one operation, never shorter than drawn. On the host's clock a Node timer
   * waits whole milliseconds and counts from the start of the event loop's turn, so measured from
   * here it can end up to about 1 ms early: what is left of the wait is waited again, in whole
   * milliseconds. The virtual clock waits exactly what it is asked.
   */
  private async simulate(): Promise<void> {
    const c = this.timer;
    if (this.stalledUntilNs > c.nowNs()) await c.sleep(Number(this.stalledUntilNs - c.nowNs()) / 1e6);
    const cost = this.o.cost;
    const ms = this.latency.next() * (cost ? putCostMs(cost, this.objects.size) : 1) * (this.host?.slowdown() ?? 1);
    if (!(ms > 0)) return;
    const until = c.nowNs() + BigInt(Math.round(ms * 1e6));
    for (let left = ms; left > 0; left = Number(until - c.nowNs()) / 1e6)
      await c.sleep(this.clock ? left : Math.ceil(left));
  }

  /** After an object is stored: a stall of the cost model pauses the whole store from now. */
  private stored(): void {
    const pause = this.o.cost ? stallAfterMs(this.o.cost, this.objects.size) : 0;
    if (pause > 0) this.stalledUntilNs = this.timer.nowNs() + BigInt(Math.round(pause * 1e6));
  }

  async preflight(): Promise<TargetInfo> {
    return {
      backend: this.name,
      target: `memory:${this.o.runId}`,
      product: 'ingest-scale in-process memory store',
      details: {
        latency: this.o.latencyText,
        simulated: true,
        pid: process.pid,
        ...(this.o.cost ? { cost: this.o.cost.text, fill: this.o.cost.fill } : {}),
        ...(this.o.virtual ? { clock: 'virtual', virtualHost: this.o.virtual.hostText } : {}),
      },
    };
  }

  async ingest(plan: ObjectPlan): Promise<OpTiming[]> {
    const created = await timeOp(
      { kind: 'create-object', objectId: plan.id, objectIndex: plan.index, datastreamId: null, bytes: 0 },
      async () => {
        await this.simulate();
        if (this.objects.has(plan.id)) throw new OpError('E_EXISTS', `object ${plan.id} exists`);
        this.objects.set(plan.id, new Map());
        this.stored();
      },
      this.timer,
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
          this.timer,
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
