import { useEffect, useRef } from 'react';
import { Button } from 'shared-ui';
import styled from 'styled-components';
import { likesText } from '../../like-count';
import type { LikeState } from './like-state-machine';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.lg};
  /* 'Liked' is disabled because it is the member's current vote: it reads as a state, not greyed out. */
  button[aria-pressed='true']:disabled {
    opacity: 1;
    cursor: default;
  }
  /* Dislike before a like: focusable (aria-disabled), drawn as the kit draws a disabled button. */
  button[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const DISLIKE_REFUSAL_ID = 'dislike-refusal';

const Count = styled.p`
  margin: 0;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brown};
`;

const Icon = ({ down }: { down?: boolean }) => (
  <svg
    viewBox="0 0 24 24"
    width="18"
    height="18"
    aria-hidden="true"
    focusable="false"
    style={down ? { transform: 'rotate(180deg)' } : undefined}
  >
    <path
      d="M7 11v9H4v-9zm0 0 4-8c1.7 0 2.5 1 2.2 2.6L12.6 9H18a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 16.8 20H7"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * Like and Dislike with the count, announced when it changes. A vote that disables the button pressed ('Liked') moves
 * focus to the one still enabled, not to the page's body. Dislike is never `disabled` but `aria-disabled` with its
 * reason (docs/navigation-and-closing.md, Controls that say why).
 */
export function VoteButtons({
  state,
  count,
  busy,
  dislikeRefusal,
  onLike,
  onDislike,
}: {
  state: LikeState;
  count: number;
  busy: boolean;
  /** Why Dislike cannot be used now (signed out, or nothing liked yet), or null when it can. */
  dislikeRefusal: string | null;
  onLike: () => void;
  onDislike: () => void;
}) {
  const liked = state === 'liked';
  const disliked = state === 'disliked';
  const dislikeDisabled = state === 'neutral';
  const likeButton = useRef<HTMLButtonElement>(null);
  const dislikeButton = useRef<HTMLButtonElement>(null);
  const voted = useRef(false);
  useEffect(() => {
    if (!voted.current) return;
    voted.current = false;
    const focused = document.activeElement;
    if (focused instanceof HTMLButtonElement && !focused.disabled) return;
    [likeButton.current, dislikeButton.current].find((button) => button && !button.disabled)?.focus();
  }, [state]);
  const vote = (action: () => void) => () => {
    voted.current = true;
    action();
  };
  return (
    <Row>
      <Button
        $variant={liked ? 'primary' : 'ghost'}
        aria-pressed={liked}
        ref={likeButton}
        disabled={liked}
        aria-busy={busy}
        onClick={busy ? undefined : vote(onLike)}
      >
        <Icon />
        {liked ? 'Liked' : 'Like'}
      </Button>
      <Button
        $variant={disliked ? 'secondary' : 'ghost'}
        aria-pressed={disliked}
        ref={dislikeButton}
        aria-disabled={dislikeDisabled || undefined}
        aria-describedby={dislikeDisabled && dislikeRefusal ? DISLIKE_REFUSAL_ID : undefined}
        aria-busy={busy}
        onClick={busy ? undefined : vote(onDislike)}
      >
        <Icon down />
        {disliked ? 'Disliked' : 'Dislike'}
      </Button>
      <Count aria-live="polite">{likesText(count)}</Count>
      {dislikeDisabled && dislikeRefusal ? (
        <span id={DISLIKE_REFUSAL_ID} className="visually-hidden">
          {dislikeRefusal}
        </span>
      ) : null}
    </Row>
  );
}
