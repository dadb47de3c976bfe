// The standalone dev page of this remote (`pnpm dev`, then open the remote's own port): its pages' route modules.
import 'shared-ui/fonts';
import { renderStandalone, type StandalonePage } from 'shared-ui';

renderStandalone(
  'Catalogue',
  import.meta.glob<StandalonePage>('./pages/*/*.route.ts', { eager: true, import: 'default' }),
);
