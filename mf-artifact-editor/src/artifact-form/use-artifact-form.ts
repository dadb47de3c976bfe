import { useEffect } from 'react';
import {
  useUnsavedChangesGuard,
  useValidatedForm,
  type ArtifactField,
  type ArtifactInput,
  type ValidatedForm,
} from 'shared-ui';
import { whenIdle } from 'shared-ui/scheduling/when-idle';
import { ARTIFACT_FORM_FIELDS, type ArtifactFormValues } from './artifact-form-values';
import { loadArtifactModel, loadedArtifactModel, type ArtifactModel } from './artifact-model';

export type ArtifactForm = ValidatedForm<ArtifactField, ArtifactFormValues> & {
  /**
   * Validates every field; resolves to the clean data, or to null after showing the errors in the summary, which
   * takes focus. Rejects if the model's code cannot be loaded (the member is offline): nothing is sent.
   */
  validateForSubmit(): Promise<ArtifactInput | null>;
  /** The changes are stored: the page may move on without asking (while the values differ, leaving asks). */
  saved(): void;
};

/**
 * The shared model's schema of an artifact: the clean data, or a message per field. Add and Update hold the same
 * fields to the same rules: a description can be corrected, never emptied.
 */
function check(model: ArtifactModel, values: ArtifactFormValues) {
  const result = model.artifactInputSchema.safeParse(values);
  return result.success ? { data: result.data, errors: {} } : { errors: model.fieldErrors(result.error) };
}

/**
 * Form state for Add and Update Artifact: the kit's useValidatedForm with the shared model's validation, which loads
 * once the form is on screen (`artifact-model.ts`); a submit before it has arrived waits for it. While the values
 * differ from the ones the form started with, leaving the page asks first.
 */
export function useArtifactForm(formId: string, initialValues: ArtifactFormValues): ArtifactForm {
  const form = useValidatedForm({
    formId,
    fields: ARTIFACT_FORM_FIELDS,
    initialValues,
    // A field is checked only after a submit, which has loaded the model.
    validate: (values: ArtifactFormValues) => {
      const model = loadedArtifactModel();
      return model ? check(model, values).errors : {};
    },
  });
  const { saved } = useUnsavedChangesGuard(
    ARTIFACT_FORM_FIELDS.some((f) => form.values[f] !== initialValues[f]),
  );

  // Once the browser is idle, so zod's 21 KB does not compete with the form being drawn and hydrated. A submit
  // before then starts the load itself; a failed load is tried again by a submit.
  useEffect(() => whenIdle(() => void loadArtifactModel().catch(() => undefined)), []);

  const validateForSubmit = async () => {
    const result = check(await loadArtifactModel(), form.values);
    form.show(result.errors);
    return result.data ?? null;
  };
  return { ...form, validateForSubmit, saved };
}
