/**
 * POST /contact and /api/contact: the Contact form's message, validated by the model's contact schema (a 400 naming
 * each field), stored, and forwarded by SMTP when SMTP_URL is set (contact-mail.ts). Anyone may send one, so it is
 * limited per address (@fastify/rate-limit, counted with the other limits), and an Idempotency-Key sent again answers
 * the first answer without storing the message twice (http/idempotency.ts; keys are the address's).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { contactMessageSchema } from 'artifact-model/contact-message';
import type { DatabaseSchema } from '../db/schema.ts';
import { errorAnswer } from '../http/api-schemas.ts';
import { ApiError } from '../http/errors.ts';
import type { IdempotencyKeys } from '../http/idempotency.ts';
import type { ForwardMessage } from './contact-mail.ts';

/** The spec's words for a message sent (section 2, Contact), now said once the server has it. */
export const MESSAGE_SENT = 'Message sent successfully! We will get back to you soon.';

export interface ContactRouteDeps {
  db: Kysely<DatabaseSchema>;
  idempotency: IdempotencyKeys;
  /** contactLimit's pre-handler, made once with the other limits (app.ts). */
  limit: preHandlerAsyncHookHandler;
  forward: ForwardMessage | undefined;
}

const sentSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'ContactSent' });

/** `perAddress` messages a minute from one address (anyone may send one: there is no member to count). */
export function contactLimit(app: FastifyInstance, perAddress: number): preHandlerAsyncHookHandler {
  return app.rateLimit({
    timeWindow: 60_000,
    max: perAddress,
    keyGenerator: (request) => `contact:address:${request.ip}`,
    errorResponseBuilder: (_request, { max, after }) =>
      new ApiError(429, `Too many messages: at most ${max} a minute. Try again in ${after}.`),
  }) as preHandlerAsyncHookHandler;
}

export function contactRoutes({ db, idempotency, limit, forward }: ContactRouteDeps) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/contact',
      {
        preHandler: limit,
        config: {
          bodyRefusal: {
            invalid: 'Invalid message',
            empty: 'Invalid message: the request body is empty; send the message as a JSON object',
            notAnObject: 'Invalid message: the request body must be a JSON object',
          },
        },
        schema: {
          summary:
            'Send a message with the Contact form: stored, and forwarded by e-mail when SMTP is set up',
          tags: ['contact'],
          body: contactMessageSchema,
          response: {
            201: sentSchema,
            400: errorAnswer('A field is missing or invalid: `errors` names each'),
            429: errorAnswer('More messages in a minute than this address may send'),
          },
        },
      },
      async (request, reply) => {
        const message = request.body;
        const id = randomUUID();
        let stored = false;
        await idempotency.once(
          request,
          reply,
          { scope: 'POST /contact', uid: `address:${request.ip}` },
          (record) =>
            db.transaction().execute(async (trx) => {
              await trx
                .insertInto('contact_messages')
                .values({ id, ...message, sent_from: request.ip })
                .execute();
              const answer = { status: 201, body: { success: true as const, message: MESSAGE_SENT } };
              await record(trx, answer);
              stored = true;
              return answer;
            }),
        );
        // Forwarded once, after the answer: a request that replayed an earlier answer stored nothing.
        if (!forward || !stored) return reply;
        // Stored first: a mail server that refuses or fails loses nothing (forwarded_at stays empty), so it is logged.
        try {
          await forward(message);
          await db
            .updateTable('contact_messages')
            .set({ forwarded_at: new Date() })
            .where('id', '=', id)
            .execute();
        } catch (error) {
          request.log.error(
            { err: error, contactMessage: id },
            'Could not forward a contact message by SMTP',
          );
        }
        return reply;
      },
    );
  };
}
