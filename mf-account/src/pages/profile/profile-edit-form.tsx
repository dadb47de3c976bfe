import { useState, type FormEvent } from 'react';
import {
  Button,
  DISPLAY_NAME_MAX_LENGTH,
  ErrorSummary,
  FormField,
  Input,
  isHttpUrl,
  toast,
  useAuthStore,
  useUnsavedChangesGuard,
  useValidatedForm,
  type AuthUser,
  type FieldErrors,
} from 'shared-ui';
import { trimInvisible } from 'artifact-model/text-rules';
import styled from 'styled-components';
import { ProfilePhoto } from './profile-photo';
import {
  CANCEL,
  DISPLAY_NAME_LABEL,
  DISPLAY_NAME_REQUIRED,
  DISPLAY_NAME_TOO_LONG,
  EDIT_PROFILE,
  PHOTO_URL_HINT,
  PHOTO_URL_INVALID,
  PHOTO_URL_LABEL,
  PROFILE_UPDATE_FAILED,
  PROFILE_UPDATED,
  SAVE_CHANGES,
  SAVING,
} from './profile-texts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    text-align: center;
  }
`;

const Preview = styled.div`
  display: flex;
  justify-content: center;
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space.sm};
  > * {
    flex: 1 1 140px;
  }
`;

type Field = 'displayName' | 'photoURL';
type Values = Record<Field, string>;
const FIELDS: readonly Field[] = ['displayName', 'photoURL'];

export function validateProfile({ displayName, photoURL }: Values): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  // The model's rule for names, as the API holds the display name to it: characters that draw nothing are no name.
  const name = trimInvisible(displayName);
  if (!name) errors.displayName = DISPLAY_NAME_REQUIRED;
  else if (name.length > DISPLAY_NAME_MAX_LENGTH) errors.displayName = DISPLAY_NAME_TOO_LONG;
  const photo = photoURL.trim();
  if (photo && !isHttpUrl(photo)) errors.photoURL = PHOTO_URL_INVALID;
  return errors;
}

/**
 * Edit Profile mode: display name and photo URL. Saving goes through the shared auth store, which updates the
 * identity provider and then the store itself, so the shell's navbar shows the new name and photo at once.
 */
export function ProfileEditForm({ user, onDone }: { user: AuthUser; onDone: () => void }) {
  const [initialValues] = useState<Values>(() => ({
    displayName: user.displayName ?? '',
    photoURL: user.photoURL ?? '',
  }));
  const form = useValidatedForm({
    formId: 'profile',
    fields: FIELDS,
    initialValues,
    validate: validateProfile,
  });
  const { values, errors } = form;
  // Leaving the page with changes not saved asks first; Cancel is the member's own choice to drop them.
  const { saved } = useUnsavedChangesGuard(FIELDS.some((field) => values[field] !== initialValues[field]));
  const [saving, setSaving] = useState(false);

  const change = (field: Field) => (event: { target: { value: string } }) =>
    form.setValue(field, event.target.value);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    setSaving(true);
    try {
      await useAuthStore
        .getState()
        .updateProfile({ displayName: trimInvisible(values.displayName), photoURL: values.photoURL.trim() });
      saved();
      toast.success(PROFILE_UPDATED);
      onDone();
    } catch {
      toast.error(PROFILE_UPDATE_FAILED);
      setSaving(false);
    }
  };

  const previewUrl = values.photoURL.trim();
  return (
    <Form onSubmit={onSubmit} noValidate aria-labelledby="profile-edit-heading">
      <h2 id="profile-edit-heading">{EDIT_PROFILE}</h2>
      <ErrorSummary {...form.summary} />
      <Preview>
        <ProfilePhoto key={previewUrl} src={previewUrl} alt="Preview of your profile photo" size={96} />
      </Preview>
      <FormField
        id={form.idOf('displayName')}
        label={DISPLAY_NAME_LABEL}
        error={errors.displayName}
        limit={{ length: values.displayName.length, max: DISPLAY_NAME_MAX_LENGTH }}
      >
        {(control) => (
          <Input
            {...control}
            name="displayName"
            autoComplete="name"
            autoFocus
            value={values.displayName}
            onChange={change('displayName')}
            disabled={saving}
          />
        )}
      </FormField>
      <FormField
        id={form.idOf('photoURL')}
        label={PHOTO_URL_LABEL}
        hint={PHOTO_URL_HINT}
        error={errors.photoURL}
      >
        {(control) => (
          <Input
            {...control}
            name="photoURL"
            type="url"
            inputMode="url"
            autoComplete="photo"
            placeholder="https://"
            value={values.photoURL}
            onChange={change('photoURL')}
            disabled={saving}
          />
        )}
      </FormField>
      <Actions>
        <Button $variant="ghost" onClick={onDone} disabled={saving}>
          {CANCEL}
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? SAVING : SAVE_CHANGES}
        </Button>
      </Actions>
    </Form>
  );
}
