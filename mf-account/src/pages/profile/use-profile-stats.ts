import { fetchMyArtifacts, fetchMyLikedArtifacts, toast } from 'shared-ui';
import { useMemberData } from '../../common/use-member-data';
import { STATS_FAILED } from './profile-texts';

export interface ProfileStats {
  totalLiked: number;
  totalAdded: number;
}

/** The counters come from the lengths of the member's two lists; either call failing fails both. */
async function loadStats(signal: AbortSignal): Promise<ProfileStats> {
  const [liked, added] = await Promise.all([fetchMyLikedArtifacts(signal), fetchMyArtifacts(signal)]);
  return { totalLiked: liked.length, totalAdded: added.length };
}

// The spec's own text, not the server's: the page asks for two lists, and neither message would say which failed.
const reportStatsError = () => toast.error(STATS_FAILED, { id: 'profile-stats-error' });

export function useProfileStats(uid: string | null | undefined) {
  return useMemberData(uid, loadStats, reportStatsError);
}
