import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_SUMMARY_TITLE, toast } from 'shared-ui';
import { descriptionOf } from 'shared-ui/test/described-by';
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

  it('says nothing while tabbing, then lists every problem in one summary that takes focus', async () => {
    renderWithKit(<ContactPage />);
    for (let i = 0; i < 5; i++) await userEvent.tab();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(ERROR_SUMMARY_TITLE)).toBeNull();
    await userEvent.type(field('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const summary = screen.getByRole('group', { name: ERROR_SUMMARY_TITLE });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Name is required',
      'Please enter a valid email address',
      'Subject is required',
      'Message is required',
    ]);
    expect(document.activeElement).toBe(summary);
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
    // A field shown wrong follows the typing.
    await userEvent.type(field('Name'), 'Ada');
    expect(field('Name').getAttribute('aria-invalid')).toBe('false');
    expect(within(summary).queryByText('Name is required')).toBeNull();
  });

  it('counts each field against the model’s limit and refuses a message over it', async () => {
    renderWithKit(<ContactPage />);
    expect(descriptionOf(field('Message'))).toBe('You can enter up to 5000 characters');
    fireEvent.change(field('Message'), { target: { value: 'x'.repeat(5001) } });
    expect(await screen.findByText('You have 1 character too many')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('link', { name: 'Message must be at most 5000 characters' })).toBeTruthy();
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  const fill = async () => {
    await userEvent.type(field('Name'), 'Ada Lovelace');
    await userEvent.type(field('Email'), 'ada@example.org');
    await userEvent.type(field('Subject'), 'A correction');
    await userEvent.type(field('Message'), 'The date on the astrolabe is 1200 AD.');
  };
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it("sends the message and toasts 'Message sent successfully! We will get back to you soon.' once the server took it", async () => {
    let take!: (response: Response) => void;
    vi.mocked(globalThis.fetch).mockImplementation(() => new Promise((resolve) => (take = resolve)));
    renderWithKit(<ContactPage />);
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    const [url, init] = vi.mocked(globalThis.fetch).mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/contact$/);
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      subject: 'A correction',
      message: 'The date on the astrolabe is 1200 AD.',
    });
    // Not before the server answers.
    expect(toast.success).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(true);

    take(answer(201, { success: true, message: 'Message sent successfully! We will get back to you soon.' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Message sent successfully! We will get back to you soon.'),
    );
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(field(label).value).toBe('');
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    vi.spyOn(toast, 'error');
    vi.mocked(globalThis.fetch).mockResolvedValue(
      answer(429, {
        success: false,
        message: 'Too many messages: at most 5 a minute. Try again in 1 minute.',
      }),
    );
    renderWithKit(<ContactPage />);
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Too many messages: at most 5 a minute. Try again in 1 minute.',
      ),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(field('Name').value).toBe('Ada Lovelace');
    expect(field('Message').value).toBe('The date on the astrolabe is 1200 AD.');
    expect((screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
