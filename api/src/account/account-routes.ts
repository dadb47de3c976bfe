/**
 * The member's own account (issue #47), served at /me and /api/me like every call: GET .../me/export, their data as
 * one JSON document, and DELETE .../me, closing the account (member-account.ts). Only the verified token's member,
 * asked of the identity provider each time (a disabled or deleted account is refused at once).
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ArtifactStore } from '../artifacts/artifact-store.ts';
import { memberOf, requireMember } from '../auth/member.ts';
import { forbidden } from '../http/errors.ts';
import type { TokenVerifier } from '../auth/verify-token.ts';
import { artifactListSchema, errorAnswer, writeErrors } from '../http/api-schemas.ts';
import { ServiceUnavailableError } from '../http/service-unavailable.ts';
import type { MemberLimit } from '../http/write-limit.ts';
import { clearPageSession, RECENT_SIGN_IN_SECONDS } from '../session/session-routes.ts';
import { closeMemberAccount, exportMemberData } from './member-account.ts';
import { memberDataFileName } from 'artifact-model/member-data';

export interface AccountRouteDeps {
  store: ArtifactStore;
  verifier: TokenVerifier;
  /** Limits of their own, outside the write limit (http/write-limit.ts): ACCOUNT_CLOSE_LIMIT and DATA_EXPORT_LIMIT. */
  closeLimit: preHandlerAsyncHookHandler;
  exportLimit: preHandlerAsyncHookHandler;
}

/**
 * Closing is counted apart from the writes, so a member at the write limit can still close their account; a few
 * tries a minute leave room to try again after a provider that did not answer.
 */
export const ACCOUNT_CLOSE_LIMIT: Omit<MemberLimit, 'perAddress'> = {
  key: 'account-close:',
  perMember: 5,
  tooMany: (max, after) =>
    `Too many attempts to close your account: at most ${max} a minute. Try again in ${after}.`,
};

/** Each download of a member's data asks the identity provider for their profile. */
export const DATA_EXPORT_LIMIT: Omit<MemberLimit, 'perAddress'> = {
  key: 'data-export:',
  perMember: 10,
  tooMany: (max, after) => `Too many downloads of your data: at most ${max} a minute. Try again in ${after}.`,
};

/** Closing needs a sign-in of the last 5 minutes: a token left in a browser, or stolen, cannot close an account. */
export const CONFIRM_IT_IS_YOU =
  'To close your account, confirm it is you: enter your password again (or sign in with Google again).';

export const CLOSE_FAILED =
  'Your account could not be closed: the sign-in service did not answer. Nothing was deleted: please try again.';

const exportSchema = z
  .object({
    exportedAt: z.iso.datetime(),
    profile: z.object({
      uid: z.string(),
      email: z.string().nullable(),
      displayName: z.string().nullable(),
      photoURL: z.string().nullable(),
      createdAt: z.iso.datetime().nullable(),
    }),
    artifacts: artifactListSchema.describe('The artifacts the member added'),
    likedArtifacts: z
      .array(
        z.object({
          _id: z.uuid(),
          name: z.string(),
          type: z.string(),
          presentLocation: z.string(),
          adderName: z.string(),
        }),
      )
      .describe('The artifacts the member likes now, most recently liked first, with their names'),
  })
  .meta({ id: 'MyDataExport' });

const closedSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    artifactsDeleted: z.int().min(0),
    votesWithdrawn: z.int().min(0),
    photosReleased: z.int().min(0),
  })
  .meta({ id: 'ClosedAccount' });

export function accountRoutes({ store, verifier, closeLimit, exportLimit }: AccountRouteDeps) {
  const bearer: Array<Record<string, string[]>> = [{ bearerAuth: [] }];
  const member = requireMember(verifier);

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/me/export',
      {
        preValidation: [exportLimit, member],
        schema: {
          summary: "The caller's data: profile, the artifacts they added (with photo URLs), what they like",
          tags: ['account'],
          security: bearer,
          response: {
            200: exportSchema,
            401: writeErrors[401],
            429: errorAnswer(
              'More downloads in a minute than this member (or, without a valid token, this address) may make',
            ),
            503: writeErrors[503],
          },
        },
      },
      async (request, reply) => {
        const { uid } = memberOf(request);
        const profile = await verifier.profileOf(uid, request.clientGone);
        reply.header('Cache-Control', 'no-store');
        const exported = await exportMemberData(store, profile);
        const fileName = memberDataFileName(exported.exportedAt.slice(0, 10), 'json');
        reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
        return exported;
      },
    );

    app.delete(
      '/me',
      {
        preValidation: [closeLimit, member],
        schema: {
          summary:
            "Close the caller's account: their artifacts and photos, their likes and the account itself, all or nothing",
          tags: ['account'],
          security: bearer,
          response: {
            200: closedSchema,
            401: writeErrors[401],
            403: errorAnswer(`The token's sign-in is older than 5 minutes: ${CONFIRM_IT_IS_YOU}`),
            429: errorAnswer(
              'More attempts in a minute than this member (or, without a valid token, this address) may make',
            ),
            503: errorAnswer('The identity provider did not delete the account in time: nothing was deleted'),
          },
        },
      },
      async (request, reply) => {
        const { uid, signedInAt } = memberOf(request);
        if (Date.now() / 1000 - signedInAt > RECENT_SIGN_IN_SECONDS) throw forbidden(CONFIRM_IT_IS_YOU);
        const closed = await closeMemberAccount(store, uid, () =>
          verifier.deleteAccount(uid).catch((error: unknown) => {
            throw error instanceof ServiceUnavailableError
              ? new ServiceUnavailableError('identity provider', CLOSE_FAILED, { cause: error })
              : error;
          }),
        );
        // The account is gone: so is this browser's page session (its cookie would be refused anyway).
        clearPageSession(request, reply);
        return { success: true as const, message: 'Your account has been closed', ...closed };
      },
    );
  };
}
