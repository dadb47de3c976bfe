import { useEffect, useState } from 'react';
import styled from 'styled-components';

export interface CharacterLimit {
  /** The value's length now. */
  length: number;
  /** The model's limit for the field. */
  max: number;
  /**
   * Show the count only from this share of the limit on (0 to 1): for fields whose limit nobody meets by typing,
   * such as a URL or an e-mail address. The limit is still told to screen readers from the start.
   */
  threshold?: number;
}

/** How long typing must pause before screen readers hear the count: a count per keystroke would drown the typing. */
export const COUNT_ANNOUNCE_DELAY_MS = 1000;

export const limitHint = (max: number) => `You can enter up to ${max} characters`;

export function countText(length: number, max: number): string {
  const left = max - length;
  if (left >= 0) return `You have ${left} ${left === 1 ? 'character' : 'characters'} remaining`;
  return `You have ${-left} ${-left === 1 ? 'character' : 'characters'} too many`;
}

const Count = styled.small<{ $over: boolean }>`
  color: ${({ theme, $over }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
  font-weight: ${({ $over }) => ($over ? 700 : 400)};
`;

/**
 * The count under a length-limited field (GOV.UK's character count): visible as the member types, and said to
 * screen readers politely once the typing pauses. The limit itself is in the field's description (`hintId`).
 */
export function CharacterCount({ length, max, threshold = 0, hintId }: CharacterLimit & { hintId: string }) {
  const text = countText(length, max);
  const visible = length >= max * threshold;
  const spoken = visible ? text : '';
  const [announced, setAnnounced] = useState('');
  const [typed, setTyped] = useState(false);
  const [firstLength] = useState(length);
  // The first change starts the announcements, so opening a form says nothing.
  if (!typed && length !== firstLength) setTyped(true);

  useEffect(() => {
    if (!typed) return;
    const timer = setTimeout(() => setAnnounced(spoken), COUNT_ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, spoken]);

  return (
    <>
      <span id={hintId} className="visually-hidden">
        {limitHint(max)}
      </span>
      {visible ? (
        <Count $over={length > max} aria-hidden="true" data-testid="character-count">
          {text}
        </Count>
      ) : null}
      <span className="visually-hidden" aria-live="polite">
        {announced}
      </span>
    </>
  );
}
