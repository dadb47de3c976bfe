import { useState, type FormEvent } from 'react';
import {
  Button,
  FormCard,
  FormField,
  Input,
  media,
  PageContainer,
  PageHeader,
  TextArea,
  toast,
} from 'shared-ui';
import styled from 'styled-components';
import {
  CONTACT_FIELDS,
  EMPTY_MESSAGE,
  validateContact,
  type ContactErrors,
  type ContactMessage,
} from './contact-form-rules';
import {
  CONTACT_DETAILS,
  CONTACT_SUBTITLE,
  CONTACT_TITLE,
  MESSAGE_SENT,
  SEND_MESSAGE,
} from './contact-texts';

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  align-items: start;
  ${media.lg} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  }
  form {
    width: 100%;
    max-width: none;
  }
`;

const Details = styled.section`
  padding: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.brownDark};
  color: ${({ theme }) => theme.colors.parchment};
  border-radius: ${({ theme }) => theme.radii.lg};
  h2 {
    color: ${({ theme }) => theme.colors.goldLight};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  dl {
    margin: 0;
  }
  dt {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.goldLight};
    margin-top: ${({ theme }) => theme.space.md};
  }
  dd {
    margin: 0;
  }
  a {
    color: ${({ theme }) => theme.colors.parchment};
  }
  address {
    font-style: normal;
  }
`;

const fieldId = (field: keyof ContactMessage) => `contact-${field}`;

/** Contact (spec section 2): the public contact details and a form that validates and is never sent. */
export default function ContactPage() {
  const [values, setValues] = useState<ContactMessage>(EMPTY_MESSAGE);
  const [errors, setErrors] = useState<ContactErrors>({});

  const change = (field: keyof ContactMessage, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // An error goes away as soon as the field is edited; it is checked again on the next submit.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    const firstInvalid = CONTACT_FIELDS.find(({ field }) => found[field]);
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid.field))?.focus();
      return;
    }
    // Nothing is sent (spec section 7): the message lives only in the form.
    toast.success(MESSAGE_SENT);
    setValues(EMPTY_MESSAGE);
  };

  return (
    <PageContainer>
      <PageHeader title={CONTACT_TITLE} subtitle={CONTACT_SUBTITLE} />
      <Layout>
        <Details aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">Get in Touch</h2>
          <dl>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${CONTACT_DETAILS.phone.replace(/[^+\d]/g, '')}`}>{CONTACT_DETAILS.phone}</a>
            </dd>
            <dt>Address</dt>
            <dd>
              <address>
                {CONTACT_DETAILS.address.map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </address>
            </dd>
          </dl>
        </Details>
        <FormCard noValidate onSubmit={submit} aria-label="Contact form">
          {CONTACT_FIELDS.map(({ field, label }) => (
            <FormField key={field} id={fieldId(field)} label={label} error={errors[field]}>
              {(control) =>
                field === 'message' ? (
                  <TextArea
                    {...control}
                    name={field}
                    required
                    rows={6}
                    value={values[field]}
                    onChange={(e) => change(field, e.target.value)}
                  />
                ) : (
                  <Input
                    {...control}
                    name={field}
                    required
                    type={field === 'email' ? 'email' : 'text'}
                    autoComplete={field === 'name' ? 'name' : field === 'email' ? 'email' : 'off'}
                    value={values[field]}
                    onChange={(e) => change(field, e.target.value)}
                  />
                )
              }
            </FormField>
          ))}
          <Button type="submit" $block>
            {SEND_MESSAGE}
          </Button>
        </FormCard>
      </Layout>
    </PageContainer>
  );
}
