/**
 * The worker thread of parallel-gate.ts: answers each message (one side fit by name and the kept
 * batches of one gate) with that fit, computed by the function the gate calls in-process
 * (analysis/gate-fits.ts, sideFit).
 */
import { parentPort } from 'node:worker_threads';
import { sideFit, type SideFitParts, type SideFitsInput } from '../analysis/gate-fits.js';

const port = parentPort;
if (port !== null)
  port.on('message', (m: { part: keyof SideFitParts; input: SideFitsInput }) =>
    port.postMessage(sideFit(m.part, m.input)),
  );
