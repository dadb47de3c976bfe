import { useState, type FormEvent } from 'react';
import {
  type ArtifactField,
  type ArtifactInput,
  Button,
  createArtifact,
  errorMessage,
  FormCard,
  FormField,
  Input,
  PageContainer,
  PageHeader,
  toast,
  useAuthStore,
  useNavigate,
} from 'shared-ui';
import { artifactInputSchema } from 'shared-ui/model';
import {
  ArtifactImageField,
  ArtifactTextField,
  ArtifactTypeField,
  CREATED_AT_HINT,
  DISCOVERED_AT_HINT,
  FieldPair,
  FormSection,
  SubmitBar,
} from '../../artifact-form/artifact-fields';
import { EMPTY_ARTIFACT_VALUES, validateWith } from '../../artifact-form/artifact-form-values';
import { useArtifactForm } from '../../artifact-form/use-artifact-form';
import {
  ADD_ARTIFACT_SUBTITLE,
  ADD_ARTIFACT_TITLE,
  ADD_BUTTON,
  ADD_FAILED,
  addedToast,
  ADDER_EMAIL_LABEL,
  ADDER_NAME_LABEL,
  ADDING_BUTTON,
} from './add-artifact-texts';

/** Screen order: on submit, focus goes to the first of these that is invalid. */
const ADD_FIELDS: readonly ArtifactField[] = [
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

const validate = (values: typeof EMPTY_ARTIFACT_VALUES) => validateWith(artifactInputSchema, values);

export default function AddArtifactPage() {
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const form = useArtifactForm<ArtifactInput>({
    formId: 'add-artifact',
    initialValues: EMPTY_ARTIFACT_VALUES,
    validate,
    fields: ADD_FIELDS,
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const input = form.validateForSubmit();
    if (!input) return;
    setSubmitting(true);
    try {
      await createArtifact(input);
      toast.success(addedToast(input.name));
      form.reset();
      navigate('/my-artifacts');
    } catch (error) {
      // Everything typed stays in the form so the member can fix it and try again.
      toast.error(errorMessage(error, ADD_FAILED));
      setSubmitting(false);
    }
  };

  return (
    <PageContainer>
      <PageHeader title={ADD_ARTIFACT_TITLE} subtitle={ADD_ARTIFACT_SUBTITLE} />
      <FormCard onSubmit={onSubmit} noValidate aria-label={ADD_ARTIFACT_TITLE} aria-busy={submitting}>
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
        <FormSection legend="Added by">
          <FieldPair>
            {/* Read-only: the server records the signed-in member from the token whatever is sent. */}
            <FormField id="add-artifact-adder-name" label={ADDER_NAME_LABEL}>
              {(control) => <Input {...control} type="text" readOnly value={user?.displayName ?? ''} />}
            </FormField>
            <FormField id="add-artifact-adder-email" label={ADDER_EMAIL_LABEL}>
              {(control) => <Input {...control} type="email" readOnly value={user?.email ?? ''} />}
            </FormField>
          </FieldPair>
        </FormSection>
        <SubmitBar>
          <Button type="submit" disabled={submitting}>
            {submitting ? ADDING_BUTTON : ADD_BUTTON}
          </Button>
        </SubmitBar>
      </FormCard>
    </PageContainer>
  );
}
