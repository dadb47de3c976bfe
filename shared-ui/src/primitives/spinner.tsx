import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span`
  display: inline-block;
  width: 40px;
  height: 40px;
  border: 4px solid ${({ theme }) => theme.colors.parchmentDark};
  border-top-color: ${({ theme }) => theme.colors.gold};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A spinner with an optional visible label; the label is what screen readers announce. */
export function Spinner({ label = 'Loading...', showLabel = true }: { label?: string; showLabel?: boolean }) {
  return (
    <Wrapper role="status" aria-live="polite">
      <Ring aria-hidden="true" />
      {showLabel ? <span>{label}</span> : <span className="visually-hidden">{label}</span>}
    </Wrapper>
  );
}
