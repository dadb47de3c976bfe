/**
 * The contact form's fields and rules (spec section 5): all four required, the e-mail in e-mail format, and each
 * within the model's limit, as the API holds them (artifact-model/contact-message).
 */
import type { ContactMessage } from 'artifact-model/contact-message';
import { CONTACT_MESSAGE_MAX_LENGTH, INVALID_EMAIL, isEmailAddress } from 'shared-ui';

export type { ContactMessage };

export type ContactErrors = Partial<Record<keyof ContactMessage, string>>;

export const EMPTY_MESSAGE: ContactMessage = { name: '', email: '', subject: '', message: '' };

export const CONTACT_FIELDS = [
  { field: 'name', label: 'Name', required: 'Name is required' },
  { field: 'email', label: 'Email', required: 'Email is required' },
  { field: 'subject', label: 'Subject', required: 'Subject is required' },
  { field: 'message', label: 'Message', required: 'Message is required' },
] as const satisfies readonly { field: keyof ContactMessage; label: string; required: string }[];

export function validateContact(values: ContactMessage): ContactErrors {
  const errors: ContactErrors = {};
  for (const { field, label, required } of CONTACT_FIELDS) {
    const max = CONTACT_MESSAGE_MAX_LENGTH[field];
    if (!values[field].trim()) errors[field] = required;
    else if (values[field].trim().length > max) errors[field] = `${label} must be at most ${max} characters`;
  }
  if (!errors.email && !isEmailAddress(values.email)) errors.email = INVALID_EMAIL;
  return errors;
}
