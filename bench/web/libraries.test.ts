import { describe, expect, it } from 'vitest';
import { bodyFacts, duplicates } from './libraries.ts';

// As the shell's build emits them: zustand's own chunk (its share wrapper), and the chunk holding the kit's auth
// store, whose server state spreads the store and names `getInitialState` itself.
const ZUSTAND_CHUNK =
  'a={setState:r,getState:i,getInitialState:()=>o,subscribe:e=>(n.add(e),()=>n.delete(e))},o=t=e(r,i,a);return a}';
const AUTH_STORE_CHUNK = 'Xt={...Yt,getInitialState:Yt.getState},Zt=b(null)';

const facts = (url: string, text: string) => bodyFacts(url, Buffer.from(text), text.length);

describe('the libraries a page downloaded', () => {
  it("finds zustand in its own chunk and not in the kit's auth store", () => {
    expect(facts('http://site/zustand.js', ZUSTAND_CHUNK).libraries).toEqual(['zustand']);
    expect(facts('http://site/src.js', AUTH_STORE_CHUNK).libraries).toEqual([]);
  });

  it('names a library downloaded in two files, and the same bytes under two addresses', () => {
    const found = duplicates([
      facts('http://site/zustand.js', ZUSTAND_CHUNK),
      facts('http://site/src.js', AUTH_STORE_CHUNK),
      facts('http://remote/zustand.js', ZUSTAND_CHUNK),
    ]);
    expect(found.map(({ library, reason }) => [library, reason])).toEqual([
      ['zustand', 'same library'],
      ['zustand.js', 'identical content'],
    ]);
  });
});
