import { describe, expect, it } from 'vitest';
import { formatJoinDate } from './format-join-date';

describe('formatJoinDate', () => {
  it('writes the date out for people', () => {
    // Midday UTC, so the calendar day is the same in every time zone a test machine may have.
    expect(formatJoinDate('2024-03-15T12:00:00.000Z')).toBe('March 15, 2024');
  });

  it('says N/A when the creation time is missing or unreadable', () => {
    expect(formatJoinDate(null)).toBe('N/A');
    expect(formatJoinDate(undefined)).toBe('N/A');
    expect(formatJoinDate('')).toBe('N/A');
    expect(formatJoinDate('not a date')).toBe('N/A');
  });
});
