import { useState, type FormEvent } from 'react';
import {
  Button,
  CONTACT_MESSAGE_MAX_LENGTH,
  ErrorSummary,
  FormCard,
  FormField,
  Input,
  media,
  PageContainer,
  PageHeader,
  TextArea,
  errorMessage,
  toast,
  useValidatedForm,
} from 'shared-ui';
import styled from 'styled-components';
import { CONTACT_FIELDS, EMPTY_MESSAGE, validateContact, type ContactMessage } from './contact-form-rules';
import { sendContactMessage } from '../../data/catalogue-api';
import {
  CONTACT_DETAILS,
  CONTACT_SUBTITLE,
  CONTACT_TITLE,
  MESSAGE_SENT,
  SEND_FAILED,
  SEND_MESSAGE,
  SENDING_MESSAGE,
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

const FIELDS = CONTACT_FIELDS.map(({ field }) => field);
/** The e-mail's limit is far from anything typed: its count shows only near it. */
const EMAIL_COUNT_THRESHOLD = 0.9;

/**
 * Contact (spec section 2): the public details, and a form the API takes (docs/decisions.md, Contact sends). It says
 * the message was sent only once the server took it; a refusal keeps what was typed.
 */
export default function ContactPage() {
  const form = useValidatedForm<keyof ContactMessage, ContactMessage>({
    formId: 'contact',
    fields: FIELDS,
    initialValues: EMPTY_MESSAGE,
    validate: validateContact,
  });
  const { values, errors } = form;
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!form.submit()) return;
    setSending(true);
    try {
      await sendContactMessage(values);
      toast.success(MESSAGE_SENT);
      form.reset();
    } catch (error) {
      toast.error(errorMessage(error, SEND_FAILED));
    } finally {
      setSending(false);
    }
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
        <FormCard noValidate onSubmit={(event) => void submit(event)} aria-label="Contact form">
          <ErrorSummary {...form.summary} />
          {CONTACT_FIELDS.map(({ field, label }) => (
            <FormField
              key={field}
              id={form.idOf(field)}
              label={label}
              error={errors[field]}
              limit={{
                length: values[field].length,
                max: CONTACT_MESSAGE_MAX_LENGTH[field],
                threshold: field === 'email' ? EMAIL_COUNT_THRESHOLD : 0,
              }}
            >
              {(control) =>
                field === 'message' ? (
                  <TextArea
                    {...control}
                    name={field}
                    required
                    rows={6}
                    value={values[field]}
                    onChange={(e) => form.setValue(field, e.target.value)}
                  />
                ) : (
                  <Input
                    {...control}
                    name={field}
                    required
                    type={field === 'email' ? 'email' : 'text'}
                    autoComplete={field === 'name' ? 'name' : field === 'email' ? 'email' : 'off'}
                    value={values[field]}
                    onChange={(e) => form.setValue(field, e.target.value)}
                  />
                )
              }
            </FormField>
          ))}
          <Button type="submit" $block disabled={sending} aria-busy={sending}>
            {sending ? SENDING_MESSAGE : SEND_MESSAGE}
          </Button>
        </FormCard>
      </Layout>
    </PageContainer>
  );
}
