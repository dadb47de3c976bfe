import { describe, expect, it } from 'vitest';
import { passwordProblem } from './credential-rules';

describe('registration password rules', () => {
  it.each([
    ['', 'Password must be at least 6 characters long'],
    ['Ab1', 'Password must be at least 6 characters long'],
    // Too short and missing an uppercase letter: the length rule comes first.
    ['abc', 'Password must be at least 6 characters long'],
    ['abcdef', 'Password must contain at least one uppercase letter'],
    // Missing both cases: uppercase is checked before lowercase.
    ['123456', 'Password must contain at least one uppercase letter'],
    ['ABCDEF', 'Password must contain at least one lowercase letter'],
  ])('%j fails with "%s"', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it('accepts a password meeting all three rules', () => {
    expect(passwordProblem('Abcdef')).toBeNull();
  });
});
