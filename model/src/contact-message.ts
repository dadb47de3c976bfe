/**
 * The Contact form's message (spec section 5: all four required, the e-mail in e-mail format), held to the rules of
 * every other text (requiredText: no control or invisible characters, trimmed, NFC, a length limit). The API stores
 * what this schema outputs; the Contact page shows the API's refusals beside the fields.
 */
import { z } from 'zod';
import { requiredText } from './artifact';
import { CONTACT_MESSAGE_MAX_LENGTH, INVALID_EMAIL } from './artifact-fields';

export { CONTACT_MESSAGE_MAX_LENGTH };

export const contactMessageSchema = z.object({
  name: requiredText('Name', CONTACT_MESSAGE_MAX_LENGTH.name),
  email: requiredText('Email', CONTACT_MESSAGE_MAX_LENGTH.email).pipe(z.email({ error: INVALID_EMAIL })),
  subject: requiredText('Subject', CONTACT_MESSAGE_MAX_LENGTH.subject),
  message: requiredText('Message', CONTACT_MESSAGE_MAX_LENGTH.message, true),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
