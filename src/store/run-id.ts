/** New run ids (the format is src/model/run-id.ts). */
import { customAlphabet } from 'nanoid';
import { RUN_ID_ALPHABET, RUN_ID_LENGTH } from '../model/run-id.js';

export const newRunId: () => string = customAlphabet(RUN_ID_ALPHABET, RUN_ID_LENGTH);
