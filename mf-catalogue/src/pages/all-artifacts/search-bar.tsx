import { ARTIFACT_TYPES, Input, media, Select, type ArtifactType } from 'shared-ui';
import styled from 'styled-components';
import { ALL_TYPES, SEARCH_LABEL, SEARCH_PLACEHOLDER, TYPE_LABEL } from './all-artifacts-texts';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0 auto ${({ theme }) => theme.space.lg};
  max-width: 860px;
  ${media.md} {
    grid-template-columns: 1fr 220px;
  }
  label {
    display: block;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.brown};
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;

export function SearchBar({
  text,
  type,
  onTextChange,
  onSubmit,
  onTypeChange,
}: {
  text: string;
  type: ArtifactType | '';
  onTextChange: (text: string) => void;
  onSubmit: () => void;
  onTypeChange: (type: ArtifactType | '') => void;
}) {
  return (
    <Form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div>
        <label htmlFor="artifact-search">{SEARCH_LABEL}</label>
        <Input
          id="artifact-search"
          type="search"
          value={text}
          placeholder={SEARCH_PLACEHOLDER}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => onTextChange(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor="artifact-type">{TYPE_LABEL}</label>
        <Select
          id="artifact-type"
          value={type}
          onChange={(event) => onTypeChange(event.target.value as ArtifactType | '')}
        >
          <option value="">{ALL_TYPES}</option>
          {ARTIFACT_TYPES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </div>
    </Form>
  );
}
