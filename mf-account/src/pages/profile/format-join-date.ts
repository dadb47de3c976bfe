import { NOT_AVAILABLE } from './profile-texts';

const joinDateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The join date as people read it ('November 22, 2026', in the viewer's time zone), or N/A when unknown. */
export function formatJoinDate(createdAt: string | null | undefined): string {
  if (!createdAt) return NOT_AVAILABLE;
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? NOT_AVAILABLE : joinDateFormat.format(date);
}
