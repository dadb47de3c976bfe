/** The contact form's fields and rules (spec section 5): all four required, the e-mail in e-mail format. */
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
  for (const { field, required } of CONTACT_FIELDS) {
    if (!values[field].trim()) errors[field] = required;
  }
  if (!errors.email && !EMAIL_FORMAT.test(values.email.trim())) errors.email = INVALID_EMAIL;
  return errors;
}
