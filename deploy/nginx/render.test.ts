import { describe, expect, it } from 'vitest';
import { mainConfig } from './render.ts';

describe("nginx's main configuration", () => {
  it('runs the workers as root when started as root, so a checkout under a 0700 folder is readable', () => {
    expect(mainConfig('/tmp/out', ['/tmp/out/shell.conf'], 0)).toMatch(/^user root;$/m);
  });

  it('says nothing of the user otherwise (nginx keeps the user that started it)', () => {
    expect(mainConfig('/tmp/out', ['/tmp/out/shell.conf'], 1000)).not.toMatch(/^user /m);
  });
});
