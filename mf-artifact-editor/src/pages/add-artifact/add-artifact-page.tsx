import { Button, FormField, Input, PageContainer, PageHeader, useAuthStore } from 'shared-ui';
import { createArtifact } from '../../data/editor-api';
import { FieldPair, FormSection } from '../../artifact-form/artifact-fields';
import { ArtifactFormBody } from '../../artifact-form/artifact-form';
import { toFormValues } from '../../artifact-form/artifact-form-values';
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

export default function AddArtifactPage() {
  const user = useAuthStore((s) => s.user);
  return (
    <PageContainer>
      <PageHeader title={ADD_ARTIFACT_TITLE} subtitle={ADD_ARTIFACT_SUBTITLE} />
      <ArtifactFormBody
        formId="add-artifact"
        initialValues={toFormValues()}
        label={ADD_ARTIFACT_TITLE}
        save={async (input) => {
          await createArtifact(input);
          return addedToast(input.name);
        }}
        failed={ADD_FAILED}
        extraSection={
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
        }
        actions={(busy) => (
          <Button type="submit" disabled={busy}>
            {busy ? ADDING_BUTTON : ADD_BUTTON}
          </Button>
        )}
      />
    </PageContainer>
  );
}
