import { transformSync } from '@babel/core';
import { expect, it } from 'vitest';
import { STYLED_COMPONENTS_BABEL_OPTIONS } from './styled-component-ids.ts';

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
