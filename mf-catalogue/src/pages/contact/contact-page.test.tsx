import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'shared-ui';
import { renderWithKit } from 'shared-ui/test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ContactPage from './contact-page';
import { validateContact } from './contact-form-rules';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(globalThis, 'fetch');
});
afterEach(() => vi.restoreAllMocks());

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('contact form rules', () => {
  it('requires every field and an e-mail in e-mail format', () => {
    expect(validateContact({ name: ' ', email: '', subject: '', message: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
    expect(validateContact({ name: 'Ada', email: 'ada@example', subject: 'Hi', message: 'Hello' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(
      validateContact({ name: 'Ada', email: 'ada@example.org', subject: 'Hi', message: 'Hello' }),
    ).toEqual({});
  });
});

describe('Contact page', () => {
  it('shows the public e-mail, phone and postal address', () => {
    renderWithKit(<ContactPage />);
    expect(screen.getByRole('link', { name: 'contact@heritagevault.org' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '+1 (555) 014-2024' })).toBeTruthy();
    expect(screen.getByText('221 Museum Lane')).toBeTruthy();
  });

  it('shows an error beside each invalid field and focuses the first', async () => {
    renderWithKit(<ContactPage />);
    await userEvent.type(field('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Subject is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(document.activeElement).toBe(field('Name'));
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(toast.success).not.toHaveBeenCalled();
    // Editing a field clears its error.
    await userEvent.type(field('Name'), 'Ada');
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it("toasts 'Message sent successfully! We will get back to you soon.', clears the form and sends nothing", async () => {
    renderWithKit(<ContactPage />);
    await userEvent.type(field('Name'), 'Ada Lovelace');
    await userEvent.type(field('Email'), 'ada@example.org');
    await userEvent.type(field('Subject'), 'A correction');
    await userEvent.type(field('Message'), 'The date on the astrolabe is 1200 AD.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(toast.success).toHaveBeenCalledWith('Message sent successfully! We will get back to you soon.');
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(field(label).value).toBe('');
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });
});
