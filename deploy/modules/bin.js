#!/usr/bin/env node
// `pnpm modules ...` runs this bin (pnpm runs a bin with no banner of its own, so `status --json` prints the JSON
// alone): the command line, in TypeScript, through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
