/**
 * The null backend: a Backend that stores nothing. For each datastream it generates the content
 * (the generator runs, as for a real store) and drops it, timed as one add-datastream operation.
 * It measures the engine's own cost per object: planning, content, timing, batch summaries.
 */
import type { Backend } from '../../src/backends/backend.js';
import type { OpTiming, TargetInfo } from '../../src/model/timings.js';
import { timeOp } from '../../src/backends/op-timer.js';
import { contentChunks } from '../../src/generate/content.js';
import type { ObjectPlan } from '../../src/generate/plan.js';

export class NullBackend implements Backend {
  readonly name = 'null';
  bytes = 0;

  preflight(): Promise<TargetInfo> {
    return Promise.resolve({ backend: this.name, target: 'null' });
  }

  async ingest(plan: ObjectPlan): Promise<OpTiming[]> {
    const ops: OpTiming[] = [];
    for (const ds of plan.datastreams) {
      ops.push(
        await timeOp(
          { kind: 'add-datastream', objectId: plan.id, objectIndex: plan.index, datastreamId: ds.id, bytes: ds.size },
          () => {
            for (const chunk of contentChunks(ds)) this.bytes += chunk.length;
            return Promise.resolve();
          },
        ),
      );
    }
    return ops;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
