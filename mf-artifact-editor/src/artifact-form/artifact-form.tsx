/**
 * The one artifact form Add and Update Artifact share: its sections and fields in screen order (the same on both:
 * Update has the Description input too, docs/decisions.md "Description on Update"), a section of the page's own, its submit
 * bar; and how it submits: validate, save, and on a failure keep everything typed and say why in a toast.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorSummary, errorMessage, FormCard, toast, type ArtifactField } from 'shared-ui';
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
import type { ArtifactForm } from './use-artifact-form';

/** The form's fields in screen order, as the error summary lists them. */
export const ARTIFACT_FORM_FIELDS: readonly ArtifactField[] = [
  'name',
  'image',
  'type',
  'historicalContext',
  'description',
  'createdAt',
  'discoveredAt',
  'discoveredBy',
  'presentLocation',
];

/**
 * Submits `form`: once at a time, only when valid; `save` does the page's call and what follows it. A failure keeps
 * everything typed, so the member can fix it and try again, and toasts the server's message (or `failed`).
 */
export function useArtifactSubmit<T>(
  form: ArtifactForm<T>,
  save: (data: T) => Promise<void>,
  failed: string,
) {
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
      await save(data);
    } catch (error) {
      toast.error(errorMessage(error, failed));
      setBusy(false);
    } finally {
      submitting.current = false;
    }
  };
  return { busy, onSubmit };
}

export function ArtifactFormBody<T>({
  form,
  label,
  busy,
  onSubmit,
  extraSection,
  actions,
}: {
  form: ArtifactForm<T>;
  /** The form's accessible name: the page's title. */
  label: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  /** A section of the page's own, after the artifact's. */
  extraSection?: ReactNode;
  /** The submit bar's buttons. */
  actions: ReactNode;
}) {
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
      <SubmitBar>{actions}</SubmitBar>
    </FormCard>
  );
}
