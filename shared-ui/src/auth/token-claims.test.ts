import { describe, expect, it } from 'vitest';
import { emulatorToken } from '../../test/tokens';
import { memberOfToken } from './token-claims';

describe('memberOfToken', () => {
  it("takes the e-mail's verification from the token's email_verified claim, unverified without it", () => {
    expect(memberOfToken(emulatorToken(0, { user_id: 'ada', email_verified: true }))?.emailVerified).toBe(
      true,
    );
    expect(memberOfToken(emulatorToken(0, { user_id: 'ada', email_verified: false }))?.emailVerified).toBe(
      false,
    );
    expect(memberOfToken(emulatorToken(0, { user_id: 'ada' }))?.emailVerified).toBe(false);
  });
});
