import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { KitProvider } from '../theme/kit-provider';
import { CharacterCount } from './character-count';

it('writes the count on the server too, so a form the server rendered hydrates to the same text', () => {
  const html = renderToString(
    <KitProvider>
      <CharacterCount length={0} max={120} hintId="name-limit" />
    </KitProvider>,
  );
  expect(html).toContain('You have 120 characters remaining');
});
