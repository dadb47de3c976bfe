import styled from 'styled-components';
import { LoadError, type PageData } from 'shared-ui';
import { ARTIFACTS_ADDED, ARTIFACTS_LIKED, STATS_FAILED } from './profile-texts';
import type { ProfileStats as Stats } from './use-profile-stats';

const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
`;

const Tile = styled.div`
  display: flex;
  flex-direction: column-reverse;
  align-items: center;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  text-align: center;
  background: ${({ theme }) => theme.colors.parchment};
  border: 1px solid ${({ theme }) => theme.colors.parchmentDark};
  border-top: 4px solid ${({ theme }) => theme.colors.gold};
  border-radius: ${({ theme }) => theme.radii.md};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 700;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dd {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: 2.5rem;
    font-variant-numeric: lining-nums tabular-nums;
    line-height: 1.1;
    color: ${({ theme }) => theme.colors.brownDark};
  }
`;

/** Artifacts Liked and Artifacts Added; the label is read before the number (dt before dd in the markup). */
export function ProfileStats({ state, onRetry }: { state: PageData<Stats>; onRetry: () => void }) {
  if (state.status === 'error') return <LoadError title={STATS_FAILED} onRetry={onRetry} />;
  const stats = state.status === 'ready' ? state.data : null;
  const tiles = [
    { label: ARTIFACTS_LIKED, value: stats?.totalLiked, testId: 'stat-liked' },
    { label: ARTIFACTS_ADDED, value: stats?.totalAdded, testId: 'stat-added' },
  ];
  return (
    <Tiles aria-busy={!stats}>
      {tiles.map(({ label, value, testId }) => (
        <Tile key={label}>
          <dt>{label}</dt>
          <dd data-testid={testId}>
            {value ?? (
              <>
                <span aria-hidden="true">…</span>
                <span className="visually-hidden">Loading</span>
              </>
            )}
          </dd>
        </Tile>
      ))}
    </Tiles>
  );
}
