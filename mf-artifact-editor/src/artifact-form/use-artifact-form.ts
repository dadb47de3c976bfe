import { useEffect, useState } from 'react';
import { useUnsavedChangesGuard, type ArtifactField } from 'shared-ui';
import { afterNextPaint } from 'shared-ui/scheduling/after-next-paint';
import type { ArtifactFormErrors, ArtifactFormValues, ArtifactValidation } from './artifact-form-values';
import { loadArtifactModel, loadedArtifactModel, type ArtifactModel } from './artifact-model';

export interface ArtifactFormOptions<T> {
  /** Prefix of every input's id, so the form can move focus to a field. */
  formId: string;
  initialValues: ArtifactFormValues;
  validate: (model: ArtifactModel, values: ArtifactFormValues) => ArtifactValidation<T>;
  /** The fields the form shows, in screen order: the first invalid one gets focus on submit. */
  fields: readonly ArtifactField[];
}

export interface ArtifactForm<T> {
  values: ArtifactFormValues;
  errors: ArtifactFormErrors;
  idOf(field: ArtifactField): string;
  setValue(field: ArtifactField, value: string): void;
  /** Validates a field as the member leaves it. */
  blur(field: ArtifactField): void;
  /**
   * Validates every shown field; resolves to the clean data, or to null after showing the errors and focusing the
   * first. Rejects if the model's code cannot be loaded (the member is offline): nothing is sent.
   */
  validateForSubmit(): Promise<T | null>;
  reset(): void;
  /** The changes are stored: the page may move on without asking (while the values differ, leaving asks). */
  saved(): void;
}

/**
 * Form state for Add and Update Artifact with the shared model's validation: a field's message appears when the
 * member leaves it, follows their typing from then on, and every message appears on submit. The model loads once
 * the form is on screen (`artifact-model.ts`); a blur or submit before it has arrived waits for it. While the values
 * differ from the ones the form started with, leaving the page asks first (the kit's unsaved-changes guard).
 */
export function useArtifactForm<T>({
  formId,
  initialValues,
  validate,
  fields,
}: ArtifactFormOptions<T>): ArtifactForm<T> {
  // One state, so a value set later (an upload that ends while the member types) starts from the latest values.
  const [{ values, errors }, setState] = useState<{ values: ArtifactFormValues; errors: ArtifactFormErrors }>(
    {
      values: initialValues,
      errors: {},
    },
  );
  const changed = (Object.keys(initialValues) as ArtifactField[]).some(
    (field) => values[field] !== initialValues[field],
  );
  const { saved } = useUnsavedChangesGuard(changed);
  const setErrors = (errors: ArtifactFormErrors) => setState((current) => ({ ...current, errors }));

  // Once the form is painted: from a commit Firebase's answer caused, the effect itself ran before the paint, and
  // zod's 21 KB started ahead of the page being on screen. A failed load is tried again by a blur or a submit.
  useEffect(() => afterNextPaint(() => void loadArtifactModel().catch(() => undefined)), []);

  const idOf = (field: ArtifactField) => `${formId}-${field}`;

  // The model's messages for `next`; none before it has loaded (a field shows a message only once it has).
  const errorsOf = (next: ArtifactFormValues): ArtifactFormErrors => {
    const model = loadedArtifactModel();
    return model ? (validate(model, next).errors ?? {}) : {};
  };

  const setValue = (field: ArtifactField, value: string) =>
    setState((current) => {
      const next = { ...current.values, [field]: value };
      // Once a field shows a message, it follows the typing so it disappears as soon as the value is fixed.
      return {
        values: next,
        errors:
          current.errors[field] !== undefined
            ? { ...current.errors, [field]: errorsOf(next)[field] }
            : current.errors,
      };
    });

  const blur = (field: ArtifactField) => {
    const showMessage = () =>
      // The latest values: the member may have typed on while the model was loading.
      setState((current) => ({
        ...current,
        errors: { ...current.errors, [field]: errorsOf(current.values)[field] },
      }));
    if (loadedArtifactModel()) showMessage();
    else loadArtifactModel().then(showMessage, () => undefined); // offline: the submit says so
  };

  const validateForSubmit = async (): Promise<T | null> => {
    const result = validate(await loadArtifactModel(), values);
    if (!result.errors) {
      setErrors({});
      return result.data;
    }
    const shown: ArtifactFormErrors = {};
    for (const field of fields) if (result.errors[field]) shown[field] = result.errors[field];
    setErrors(shown);
    const firstInvalid = fields.find((field) => shown[field]);
    if (firstInvalid) document.getElementById(idOf(firstInvalid))?.focus();
    return null;
  };

  const reset = () => setState({ values: initialValues, errors: {} });

  return { values, errors, idOf, setValue, blur, validateForSubmit, reset, saved };
}
