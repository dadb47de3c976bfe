import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.gold};
    color: ${({ theme }) => theme.colors.brownDark};
    border-color: ${({ theme }) => theme.colors.gold};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.goldLight};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.brown};
    color: ${({ theme }) => theme.colors.parchment};
    border-color: ${({ theme }) => theme.colors.brown};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.brownMid};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.brown};
    border-color: ${({ theme }) => theme.colors.brownLight};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.parchmentDark};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.white};
    border-color: ${({ theme }) => theme.colors.danger};
    &:hover:not(:disabled) {
      filter: brightness(1.1);
    }
  `,
};

const buttonStyles = css<{ $variant?: ButtonVariant; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  padding: 0.6rem 1.25rem;
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.md};
  text-decoration: none;
  cursor: pointer;
  transition:
    background 0.2s ease,
    filter 0.2s ease;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  ${({ $variant = 'primary' }) => variants[$variant]}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const Button = styled.button.attrs<{ type?: string }>((props) => ({ type: props.type ?? 'button' }))<{
  $variant?: ButtonVariant;
  $block?: boolean;
}>`
  ${buttonStyles}
`;

/** A router link that looks like a button. */
export const ButtonLink = styled(Link)<{ $variant?: ButtonVariant; $block?: boolean }>`
  ${buttonStyles}
`;
