import { describe, expect, it } from 'vitest';
import { apiPathOf } from './target.ts';

describe('apiPathOf', () => {
  it("gives a call's path under an API at the root of its origin", () => {
    expect(apiPathOf('http://localhost:3000/artifacts/user/me', 'http://localhost:3000')).toBe(
      '/artifacts/user/me',
    );
    expect(apiPathOf('http://localhost:3000/api/artifacts/a1?x=1', 'http://localhost:3000')).toBe(
      '/api/artifacts/a1',
    );
  });

  it('gives the path under an API a deployment serves under a path of its site', () => {
    const api = 'https://heritage.example/backend';
    expect(apiPathOf('https://heritage.example/backend/artifacts', api)).toBe('/artifacts');
    expect(apiPathOf('https://heritage.example/backend/api/artifacts/a1', `${api}/`)).toBe(
      '/api/artifacts/a1',
    );
  });

  it("is undefined for anything that is not the API's: another origin, the site beside it, a lookalike path", () => {
    const api = 'https://heritage.example/backend';
    expect(apiPathOf('http://localhost:3001/artifacts', 'http://localhost:3000')).toBeUndefined();
    expect(apiPathOf('https://heritage.example/artifacts', api)).toBeUndefined();
    expect(apiPathOf('https://heritage.example/backend-old/artifacts', api)).toBeUndefined();
  });
});
