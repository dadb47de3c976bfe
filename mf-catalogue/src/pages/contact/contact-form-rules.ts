/**
 * The contact form's fields and rules (spec section 5): all four required, the e-mail in e-mail format, and each
 * within the model's limit, as the API holds them (artifact-model/contact-message).
 */
import { CONTACT_MESSAGE_MAX_LENGTH } from 'shared-ui';

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactMessage, string>>;

export const EMPTY_MESSAGE: ContactMessage = { name: '', email: '', subject: '', message: '' };

export const CONTACT_FIELDS = [
  { field: 'name', label: 'Name', required: 'Name is required' },
  { field: 'email', label: 'Email', required: 'Email is required' },
  { field: 'subject', label: 'Subject', required: 'Subject is required' },
  { field: 'message', label: 'Message', required: 'Message is required' },
] as const satisfies readonly { field: keyof ContactMessage; label: string; required: string }[];

export const INVALID_EMAIL = 'Please enter a valid email address';

/** One @, something on each side, a dot in the domain, no spaces. */
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContact(values: ContactMessage): ContactErrors {
  const errors: ContactErrors = {};
  for (const { field, label, required } of CONTACT_FIELDS) {
    const max = CONTACT_MESSAGE_MAX_LENGTH[field];
    if (!values[field].trim()) errors[field] = required;
    else if (values[field].trim().length > max) errors[field] = `${label} must be at most ${max} characters`;
  }
  if (!errors.email && !EMAIL_FORMAT.test(values.email.trim())) errors.email = INVALID_EMAIL;
  return errors;
}
