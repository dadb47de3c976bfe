import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { STYLED_COMPONENTS_BABEL_OPTIONS } from './styled-component-ids.ts';

// @babel/core ships no types (@types/babel__core is not a dependency): the one call this test makes.
const { transformSync } = createRequire(import.meta.url)('@babel/core') as {
  transformSync(code: string, options: object): { code: string } | null;
};

it("keeps a keyframes' CSS text as the source has it, so its name (a hash of that text) is the first paint's", () => {
  const rise = 'from { opacity: 0.5; transform: translateY(12px); } to { opacity: 1; transform: none; }';
  const built = transformSync(
    `import { keyframes } from 'styled-components';\nexport const rise = keyframes\`${rise}\`;`,
    {
      filename: 'artifact-card.tsx',
      babelrc: false,
      configFile: false,
      plugins: [['babel-plugin-styled-components', STYLED_COMPONENTS_BABEL_OPTIONS]],
    },
  )!.code;
  expect(built).toContain(rise);
});
