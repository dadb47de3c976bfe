/** Which PID serves what during a journey run, shared between the global set-up and the journeys. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type ServiceName } from './stack.ts';

export const E2E_RUNTIME_DIR = join(ROOT, 'e2e', '.stack');
const STATE_FILE = join(E2E_RUNTIME_DIR, 'state.json');

export interface StackState {
  pids: Partial<Record<ServiceName, number>>;
}

export const readStackState = (): StackState => JSON.parse(readFileSync(STATE_FILE, 'utf8')) as StackState;
export const writeStackState = (state: StackState): void => writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
