/** The one artifact form of Add and Update Artifact (Description on Update too: docs/decisions.md says why). */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  artifactsChanged,
  ErrorSummary,
  errorMessage,
  FormCard,
  toast,
  useNavigate,
  type ArtifactInput,
} from 'shared-ui';
import {
  ArtifactImageField,
  ArtifactTextField,
  ArtifactTypeField,
  CREATED_AT_HINT,
  DISCOVERED_AT_HINT,
  FieldPair,
  FormSection,
  SubmitBar,
} from './artifact-fields';
import type { ArtifactFormValues } from './artifact-form-values';
import { useArtifactForm } from './use-artifact-form';

/**
 * The form, its sections, a section of the page's own and its submit bar. It submits once at a time, only when valid:
 * `save` does the page's call and resolves to the success toast's text; then the lists are refreshed and the member
 * goes to My Artifacts. A failure keeps everything typed, so the member can fix it and try again, and toasts the
 * server's message (or `failed`).
 */
export function ArtifactFormBody({
  formId,
  initialValues,
  label,
  save,
  failed,
  extraSection,
  actions,
}: {
  formId: string;
  initialValues: ArtifactFormValues;
  /** The form's accessible name: the page's title. */
  label: string;
  save: (data: ArtifactInput) => Promise<string>;
  failed: string;
  /** A section of the page's own, after the artifact's. */
  extraSection?: ReactNode;
  /** The submit bar's buttons, as they are while saving (`busy`) or not. */
  actions: (busy: boolean) => ReactNode;
}) {
  const form = useArtifactForm(formId, initialValues);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // Validation may wait for the model's code, and `busy` shows only once the data is valid: this guards the wait too.
  const submitting = useRef(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || submitting.current) return;
    submitting.current = true;
    try {
      const data = await form.validateForSubmit();
      if (!data) return;
      setBusy(true);
      const done = await save(data);
      form.saved();
      void artifactsChanged();
      toast.success(done);
      navigate('/my-artifacts');
    } catch (error) {
      toast.error(errorMessage(error, failed));
      setBusy(false);
    } finally {
      submitting.current = false;
    }
  };

  return (
    <FormCard onSubmit={onSubmit} noValidate aria-label={label} aria-busy={busy}>
      <ErrorSummary {...form.summary} />
      <FormSection legend="The artifact">
        <ArtifactTextField form={form} field="name" />
        <ArtifactImageField form={form} />
        <ArtifactTypeField form={form} />
        <ArtifactTextField form={form} field="historicalContext" multiline />
        <ArtifactTextField form={form} field="description" multiline />
      </FormSection>
      <FormSection legend="History and location">
        <FieldPair>
          <ArtifactTextField form={form} field="createdAt" hint={CREATED_AT_HINT} />
          <ArtifactTextField form={form} field="discoveredAt" hint={DISCOVERED_AT_HINT} />
        </FieldPair>
        <FieldPair>
          <ArtifactTextField form={form} field="discoveredBy" />
          <ArtifactTextField form={form} field="presentLocation" />
        </FieldPair>
      </FormSection>
      {extraSection}
      <SubmitBar>{actions(busy)}</SubmitBar>
    </FormCard>
  );
}
