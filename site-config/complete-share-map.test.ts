import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { sharesMissingFromMap } from './complete-share-map.ts';

const SHELL_SHARES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'styled-components',
  'zustand',
  'shared-ui',
];

/** The share map's `usedShared` object as @module-federation/vite generates it, for `names`. */
const mapSource = (names: string[]) =>
  `const usedShared = {\n${names
    .map(
      (name) =>
        `  ${JSON.stringify(name)}: {\n    name: ${JSON.stringify(name)},\n    version: "1.0.0",\n  }`,
    )
    .join(',\n')}\n}`;

/** A chunk holding the loadShare modules of `names`, with the ids the federation plugin gives them. */
const chunkLoading = (names: string[]) =>
  ({
    type: 'chunk',
    moduleIds: [
      '/app/src/main.tsx',
      ...names.map(
        (name) =>
          `\0virtual:mf:__mfe_internal__shell__mf_owner__261133742074346__loadShare__${name
            .replace(/\//g, '_mf_1_')
            .replace(/-/g, '_mf_2_')}__loadShare__.js`,
      ),
    ],
  }) as Rollup.OutputChunk;

describe('sharesMissingFromMap', () => {
  it('passes a map that provides every share the code loads', () => {
    expect(sharesMissingFromMap(mapSource(SHELL_SHARES), [chunkLoading(SHELL_SHARES)])).toEqual([]);
  });

  it('names the shares the code loads that the map leaves out (the shell as 1.23.0 once built it)', () => {
    const written = ['react', 'react-dom', 'styled-components', 'zustand', 'shared-ui'];
    expect(
      sharesMissingFromMap(mapSource(written), [
        chunkLoading(SHELL_SHARES.slice(0, 4)),
        chunkLoading(['zustand']),
      ]),
    ).toEqual(['react-dom/client', 'react/jsx-runtime']);
  });

  it('fails rather than passes when it finds no share in the map', () => {
    expect(() => sharesMissingFromMap('export default {}', [chunkLoading(['react'])])).toThrow(
      /no share found/,
    );
  });
});
