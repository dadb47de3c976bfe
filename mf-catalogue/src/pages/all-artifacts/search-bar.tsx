import { useRef } from 'react';
import { ARTIFACT_TYPES, Button, Input, media, Select, type ArtifactType } from 'shared-ui';
import { ARTIFACT_SORTS, DEFAULT_ARTIFACT_SORT, type ArtifactSort } from 'artifact-model/search-page';
import styled from 'styled-components';
import {
  ALL_TYPES,
  CLEAR_FILTERS,
  SEARCH_LABEL,
  SEARCH_PLACEHOLDER,
  SORT_LABEL,
  SORT_OPTIONS,
  TYPE_LABEL,
} from './all-artifacts-texts';
import type { SearchQuery } from './use-search-query';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  align-items: end;
  margin: 0 auto ${({ theme }) => theme.space.lg};
  max-width: 1000px;
  ${media.md} {
    grid-template-columns: 1fr 190px 170px auto;
  }
  label {
    display: block;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.brown};
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;

/** The list's search box, type and order, and Clear filters, as `useSearchQuery` keeps them. */
export function SearchBar({ search }: { search: SearchQuery }) {
  const box = useRef<HTMLInputElement>(null);
  return (
    <Form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        search.submit();
      }}
    >
      <div>
        <label htmlFor="artifact-search">{SEARCH_LABEL}</label>
        <Input
          ref={box}
          id="artifact-search"
          type="search"
          value={search.text}
          placeholder={SEARCH_PLACEHOLDER}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => search.setText(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor="artifact-type">{TYPE_LABEL}</label>
        <Select
          id="artifact-type"
          value={search.type}
          onChange={(event) => search.setType(event.target.value as ArtifactType | '')}
        >
          <option value="">{ALL_TYPES}</option>
          {ARTIFACT_TYPES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="artifact-sort">{SORT_LABEL}</label>
        <Select
          id="artifact-sort"
          value={search.sort || DEFAULT_ARTIFACT_SORT}
          onChange={(event) => search.setSort(event.target.value as ArtifactSort)}
        >
          {ARTIFACT_SORTS.map((option) => (
            <option key={option} value={option}>
              {SORT_OPTIONS[option]}
            </option>
          ))}
        </Select>
      </div>
      {search.filtered ? (
        <Button
          type="button"
          $variant="ghost"
          onClick={() => {
            search.clear();
            // The button goes once there is nothing to clear: focus goes where a new search starts.
            box.current?.focus();
          }}
        >
          {CLEAR_FILTERS}
        </Button>
      ) : null}
    </Form>
  );
}
