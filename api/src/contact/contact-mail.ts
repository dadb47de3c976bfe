/** Forwards a Contact message by SMTP with nodemailer (SMTP_URL), the sender as its Reply-To. */
import type { ContactMessage } from 'artifact-model/contact-message';
import nodemailer from 'nodemailer';
import type { ContactConfig } from '../config.ts';

export type ForwardMessage = (message: ContactMessage) => Promise<void>;

export function smtpForwarder({ smtpUrl, to, from }: ContactConfig): ForwardMessage | undefined {
  if (!smtpUrl) return undefined;
  const transport = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    await transport.sendMail({
      from,
      to,
      replyTo: { name: message.name, address: message.email },
      subject: `Contact: ${message.subject}`,
      text: `${message.name} <${message.email}> wrote:\n\n${message.message}\n`,
    });
  };
}
