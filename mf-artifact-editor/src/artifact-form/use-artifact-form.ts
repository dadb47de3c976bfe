import { useEffect } from 'react';
import {
  useUnsavedChangesGuard,
  useValidatedForm,
  type ArtifactField,
  type ErrorSummaryProps,
} from 'shared-ui';
import { afterNextPaint } from 'shared-ui/scheduling/after-next-paint';
import type { ArtifactFormErrors, ArtifactFormValues, ArtifactValidation } from './artifact-form-values';
import { loadArtifactModel, loadedArtifactModel, type ArtifactModel } from './artifact-model';

export interface ArtifactFormOptions<T> {
  /** Prefix of every input's id, so the error summary can link to a field. */
  formId: string;
  initialValues: ArtifactFormValues;
  validate: (model: ArtifactModel, values: ArtifactFormValues) => ArtifactValidation<T>;
  /** The fields the form shows, in screen order: the error summary lists them in this order. */
  fields: readonly ArtifactField[];
}

export interface ArtifactForm<T> {
  values: ArtifactFormValues;
  errors: ArtifactFormErrors;
  summary: ErrorSummaryProps;
  idOf(field: ArtifactField): string;
  setValue(field: ArtifactField, value: string): void;
  /**
   * Validates every shown field; resolves to the clean data, or to null after showing the errors in the summary,
   * which takes focus. Rejects if the model's code cannot be loaded (the member is offline): nothing is sent.
   */
  validateForSubmit(): Promise<T | null>;
  reset(): void;
  /** The changes are stored: the page may move on without asking (while the values differ, leaving asks). */
  saved(): void;
}

/**
 * Form state for Add and Update Artifact: the kit's useValidatedForm (messages on submit, then following the fields
 * shown wrong) with the shared model's validation. The model loads once the form is on screen
 * (`artifact-model.ts`); a submit before it has arrived waits for it, and no field is checked before a submit. While
 * the values differ from the ones the form started with, leaving the page asks first (the kit's unsaved-changes
 * guard).
 */
export function useArtifactForm<T>({
  formId,
  initialValues,
  validate,
  fields,
}: ArtifactFormOptions<T>): ArtifactForm<T> {
  const form = useValidatedForm({
    formId,
    fields,
    initialValues,
    // A field is checked only after a submit, which has loaded the model.
    validate: (values: ArtifactFormValues) => {
      const model = loadedArtifactModel();
      return model ? (validate(model, values).errors ?? {}) : {};
    },
  });
  const changed = (Object.keys(initialValues) as ArtifactField[]).some(
    (field) => form.values[field] !== initialValues[field],
  );
  const { saved } = useUnsavedChangesGuard(changed);

  // Once the form is painted: from a commit Firebase's answer caused, the effect itself ran before the paint, and
  // zod's 21 KB started ahead of the page being on screen. A failed load is tried again by a submit.
  useEffect(() => afterNextPaint(() => void loadArtifactModel().catch(() => undefined)), []);

  const validateForSubmit = async (): Promise<T | null> => {
    const result = validate(await loadArtifactModel(), form.values);
    form.show(result.errors ?? {});
    return result.errors ? null : result.data;
  };

  return {
    values: form.values,
    errors: form.errors,
    summary: form.summary,
    idOf: form.idOf,
    setValue: form.setValue,
    validateForSubmit,
    reset: () => form.reset(),
    saved,
  };
}
