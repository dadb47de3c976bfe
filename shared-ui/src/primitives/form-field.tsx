import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { CharacterCount, type CharacterLimit } from '../forms/character-count';

/** What FormField hands its control so label, hint and error are wired for assistive technology. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

const FieldWrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Label = styled.label`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brown};
`;

const Hint = styled.small`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.small`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 700;
`;

export function FormField({
  id: givenId,
  label,
  hint,
  error,
  limit,
  children,
}: {
  /** A stable id, for forms that move focus to a field; generated when omitted. */
  id?: string;
  label: string;
  hint?: string;
  /** Shown only once a submit found it (useValidatedForm); read with the field, never as an alert of its own. */
  error?: string;
  /** A length limit: the field shows a character count. */
  limit?: CharacterLimit;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const limitId = `${id}-limit`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : null, limit ? limitId : null, error ? errorId : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <FieldWrapper>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {limit ? <CharacterCount {...limit} hintId={limitId} /> : null}
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </FieldWrapper>
  );
}

const controlStyles = css`
  width: 100%;
  min-height: 44px;
  padding: 0.6rem 0.8rem;
  border: 1px solid ${({ theme }) => theme.colors.brownLight};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.white};
  color: ${({ theme }) => theme.colors.text};
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
    background: ${({ theme }) => theme.colors.dangerBg};
  }
  /* [readonly], not :read-only, which also matches every <select>. */
  &[readonly] {
    background: ${({ theme }) => theme.colors.parchmentDark};
  }
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.focus};
  }
`;

export const Input = styled.input`
  ${controlStyles}
`;
export const TextArea = styled.textarea`
  ${controlStyles}
  min-height: 120px;
  resize: vertical;
`;
export const Select = styled.select`
  ${controlStyles}
`;

/** A form laid out on a white sheet, used by every form page. */
export const FormCard = styled.form`
  background: ${({ theme }) => theme.colors.white};
  border: 1px solid ${({ theme }) => theme.colors.parchmentDark};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space.lg};
  max-width: 760px;
  margin: 0 auto;
`;
