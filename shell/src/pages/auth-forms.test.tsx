import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_SUMMARY_TITLE, toast, useAuthStore } from 'shared-ui';
import { descriptionOf } from 'shared-ui/test/described-by';
import { renderWithKit } from 'shared-ui/test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage, { RESET_NEEDS_EMAIL } from './login-page';
import RegisterPage from './register-page';

const summaryMessages = () =>
  within(screen.getByRole('group', { name: ERROR_SUMMARY_TITLE }))
    .getAllByRole('link')
    .map((link) => link.textContent);

const HINT = 'Must be at least 6 characters with 1 uppercase & 1 lowercase letter';

describe('Register and Login forms', () => {
  const register = vi.fn();
  const login = vi.fn();
  beforeEach(() => {
    register.mockReset().mockResolvedValue(undefined);
    login.mockReset().mockResolvedValue(undefined);
    useAuthStore.setState({ register, login, user: null, loading: false });
  });
  afterEach(() => vi.restoreAllMocks());

  it('Register tells the password rules at the field before any typing, and says nothing while tabbing', async () => {
    const user = userEvent.setup();
    renderWithKit(<RegisterPage />);
    const password = screen.getByLabelText('Password', { exact: true });
    expect(descriptionOf(password)).toBe(HINT);
    for (let i = 0; i < 5; i++) await user.tab();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(ERROR_SUMMARY_TITLE)).toBeNull();
    expect(descriptionOf(screen.getByLabelText('Full Name'))).toBe('You can enter up to 80 characters');
  });

  it('Register lists every problem in one summary, the broken password rule among them, and sends nothing', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderWithKit(<RegisterPage />);
    await user.type(screen.getByLabelText('Email'), 'howard@');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(summaryMessages()).toEqual([
      'Full name is required',
      'Please enter a valid email address',
      'Password must contain at least one uppercase letter',
    ]);
    expect(document.activeElement).toBe(screen.getByRole('group', { name: ERROR_SUMMARY_TITLE }));
    const password = screen.getByLabelText('Password', { exact: true });
    expect(descriptionOf(password)).toBe(`${HINT} Password must contain at least one uppercase letter`);
    expect(toastError).not.toHaveBeenCalled();

    // The password, shown wrong, follows the typing: the next rule, then none.
    await user.clear(password);
    await user.type(password, 'ABCDEF');
    expect(summaryMessages()).toContain('Password must contain at least one lowercase letter');
    await user.type(password, 'g');
    expect(password.getAttribute('aria-invalid')).toBe('false');
    expect(register).not.toHaveBeenCalled();
  });

  it('Login asks for an e-mail in the summary before a password reset', async () => {
    const user = userEvent.setup();
    renderWithKit(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(summaryMessages()).toEqual([RESET_NEEDS_EMAIL]);
    await user.click(screen.getByRole('link', { name: RESET_NEEDS_EMAIL }));
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });
});
