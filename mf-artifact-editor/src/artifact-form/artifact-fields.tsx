/** The inputs Add and Update Artifact share, each wired to the form's state, validation and labels. */
import type { ChangeEvent, ReactNode } from 'react';
import {
  ARTIFACT_FIELD_LABELS,
  ARTIFACT_FIELD_MAX_LENGTH,
  ARTIFACT_TYPES,
  FormField,
  Input,
  media,
  parseUploadedImageUrl,
  Select,
  TextArea,
  type ArtifactField,
} from 'shared-ui';
import styled from 'styled-components';
import { ImagePreview } from './image-preview';
import { PhotoUpload } from './photo-upload';
import type { ArtifactForm } from './use-artifact-form';

export const SELECT_TYPE = 'Select Type';

/** The Image URL field's placeholder while an uploaded photo is the image: typing a URL replaces it. */
export const UPLOADED_PHOTO_PLACEHOLDER = 'Your uploaded photo (or type an image URL)';
export const URL_PLACEHOLDER = 'https://example.org/artifact.jpg';

export const CREATED_AT_HINT = 'e.g., 100 BC';
export const DISCOVERED_AT_HINT = 'e.g., 1799';

/** Two short fields side by side from the md breakpoint; stacked on phones. */
export const FieldPair = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  column-gap: ${({ theme }) => theme.space.lg};
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
  min-width: 0;
  legend {
    width: 100%;
    padding: 0 0 ${({ theme }) => theme.space.xs};
    margin-bottom: ${({ theme }) => theme.space.md};
    border-bottom: 1px solid ${({ theme }) => theme.colors.parchmentDark};
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.brownDark};
  }
`;

/** A titled group of fields; the legend names the group for screen readers too. */
export function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset>
      <legend>{legend}</legend>
      {children}
    </Fieldset>
  );
}

interface FieldProps {
  form: ArtifactForm;
  field: ArtifactField;
  hint?: string;
  multiline?: boolean;
}

/** A text field with the model's limit as its character count (no maxLength: a paste is kept whole, and counted). */
export function ArtifactTextField({ form, field, hint, multiline = false }: FieldProps) {
  const value = form.values[field];
  const onChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    form.setValue(field, e.target.value);
  return (
    <FormField
      id={form.idOf(field)}
      label={ARTIFACT_FIELD_LABELS[field]}
      hint={hint}
      error={form.errors[field]}
      limit={{ length: value.length, max: ARTIFACT_FIELD_MAX_LENGTH[field] }}
    >
      {(control) =>
        multiline ? (
          <TextArea {...control} name={field} value={value} rows={4} onChange={onChange} />
        ) : (
          <Input {...control} name={field} value={value} type="text" onChange={onChange} />
        )
      }
    </FormField>
  );
}

/** Counted only near its limit: nobody types 2,048 characters of a URL. */
const URL_COUNT_THRESHOLD = 0.9;

/**
 * The artifact's image: an uploaded photo, or an image URL typed in. Once a photo is uploaded the field shows it (the
 * preview below) and not the API's address of it: the input stays, empty, saying so in its placeholder, and a URL typed
 * into it replaces the photo. The same field either way, so the form keeps its layout whichever it holds.
 */
export function ArtifactImageField({ form }: { form: ArtifactForm }) {
  const image = form.values.image;
  const uploaded = parseUploadedImageUrl(image) !== null;
  const shown = uploaded ? '' : image;
  return (
    <>
      <FormField
        id={form.idOf('image')}
        label={ARTIFACT_FIELD_LABELS.image}
        error={form.errors.image}
        limit={{ length: shown.length, max: ARTIFACT_FIELD_MAX_LENGTH.image, threshold: URL_COUNT_THRESHOLD }}
      >
        {(control) => (
          <Input
            {...control}
            name="image"
            type="url"
            inputMode="url"
            placeholder={uploaded ? UPLOADED_PHOTO_PLACEHOLDER : URL_PLACEHOLDER}
            value={shown}
            onChange={(e) => form.setValue('image', e.target.value)}
          />
        )}
      </FormField>
      <PhotoUpload onUploaded={(url) => form.setValue('image', url)} />
      <ImagePreview url={image} name={form.values.name} />
    </>
  );
}

export function ArtifactTypeField({ form }: { form: ArtifactForm }) {
  return (
    <FormField id={form.idOf('type')} label={ARTIFACT_FIELD_LABELS.type} error={form.errors.type}>
      {(control) => (
        <Select
          {...control}
          name="type"
          value={form.values.type}
          onChange={(e) => form.setValue('type', e.target.value)}
        >
          <option value="">{SELECT_TYPE}</option>
          {ARTIFACT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

/** The bar under a form: its submit button, full width on phones. */
export const SubmitBar = styled.div`
  display: flex;
  flex-direction: column-reverse;
  gap: ${({ theme }) => theme.space.sm};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.parchmentDark};
  ${media.sm} {
    flex-direction: row;
    justify-content: flex-end;
  }
`;
