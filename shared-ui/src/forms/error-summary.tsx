import { useId, type MouseEvent } from 'react';
import styled from 'styled-components';
import type { ErrorSummaryProps } from './use-validated-form';

export const ERROR_SUMMARY_TITLE = 'There is a problem';

const Summary = styled.div`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border: 4px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.white};
  /* && outranks a form's own h2 styles (Edit Profile centres its title). */
  && h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    text-align: left;
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
  ul {
    margin: 0;
    padding-left: 1.2rem;
  }
  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
  a {
    color: ${({ theme }) => theme.colors.danger};
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** A summary link moves to its field itself: a hash change would be a navigation for the router. */
function goToField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const control = document.getElementById(id);
  if (!control) return;
  event.preventDefault();
  // The label sits above the control: bring both into view, then focus without a second jump.
  (document.querySelector(`label[for="${CSS.escape(id)}"]`) ?? control).scrollIntoView({ block: 'center' });
  control.focus({ preventScroll: true });
}

/**
 * The form's error summary (the GOV.UK / WAI pattern): after a submit with mistakes, one box at the top of the form
 * names each of them as a link to its field, and takes focus, so a screen reader reads them all once. It follows the
 * fields as they are fixed, and goes when none is left.
 */
export function ErrorSummary({ items, summaryRef }: ErrorSummaryProps) {
  const titleId = useId();
  if (!items.length) return null;
  return (
    <Summary
      ref={summaryRef}
      tabIndex={-1}
      role="group"
      aria-labelledby={titleId}
      data-testid="error-summary"
    >
      <h2 id={titleId}>{ERROR_SUMMARY_TITLE}</h2>
      <ul>
        {items.map(({ id, message }) => (
          <li key={id}>
            <a href={`#${id}`} onClick={(event) => goToField(event, id)}>
              {message}
            </a>
          </li>
        ))}
      </ul>
    </Summary>
  );
}
