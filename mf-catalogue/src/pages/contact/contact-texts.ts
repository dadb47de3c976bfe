/** The Contact page's texts (spec sections 2 and 8). */
export const CONTACT_TITLE = 'Contact Us';
export const CONTACT_SUBTITLE = 'Questions, corrections or ideas? We would love to hear from you.';
export const SEND_MESSAGE = 'Send Message';
export const MESSAGE_SENT = 'Message sent successfully! We will get back to you soon.';
export const SENDING_MESSAGE = 'Sending...';
export const SEND_FAILED = 'Your message could not be sent. Please try again.';

/** The company's public contact details. */
export const CONTACT_DETAILS = {
  email: 'contact@heritagevault.org',
  phone: '+1 (555) 014-2024',
  address: ['Heritage Vault', '221 Museum Lane', 'Boston, MA 02115', 'United States'],
} as const;
