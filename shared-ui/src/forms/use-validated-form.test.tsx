import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { descriptionOf } from '../../test/described-by';
import { renderWithKit } from '../../test/render';
import { FormField, Input } from '../primitives/form-field';
import { COUNT_ANNOUNCE_DELAY_MS } from './character-count';
import { ErrorSummary, ERROR_SUMMARY_TITLE } from './error-summary';
import { useValidatedForm, type FieldErrors } from './use-validated-form';

type Field = 'name' | 'email';
const FIELDS: readonly Field[] = ['name', 'email'];

function validate(values: Record<Field, string>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  else if (values.name.length > 10) errors.name = 'Name must be at most 10 characters';
  if (!values.email.includes('@')) errors.email = 'Please enter a valid email address';
  return errors;
}

function TestForm({ onValid }: { onValid: () => void }) {
  const form = useValidatedForm({
    formId: 'test',
    fields: FIELDS,
    initialValues: { name: '', email: '' },
    validate,
  });
  return (
    <form
      aria-label="Test form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (form.submit()) onValid();
      }}
    >
      <ErrorSummary {...form.summary} />
      <FormField
        id={form.idOf('name')}
        label="Name"
        error={form.errors.name}
        limit={{ length: form.values.name.length, max: 10 }}
      >
        {(control) => (
          <Input
            {...control}
            value={form.values.name}
            onChange={(e) => form.setValue('name', e.target.value)}
          />
        )}
      </FormField>
      <FormField id={form.idOf('email')} label="Email" error={form.errors.email}>
        {(control) => (
          <Input
            {...control}
            value={form.values.email}
            onChange={(e) => form.setValue('email', e.target.value)}
          />
        )}
      </FormField>
      <button type="submit">Send</button>
    </form>
  );
}

afterEach(() => vi.useRealTimers());

describe('useValidatedForm with the ErrorSummary', () => {
  it('says nothing while a member tabs through and types in an untouched form', async () => {
    const user = userEvent.setup();
    renderWithKit(<TestForm onValid={() => undefined} />);
    await user.tab();
    await user.type(screen.getByLabelText('Name', { exact: true }), 'x');
    await user.clear(screen.getByLabelText('Name', { exact: true }));
    await user.tab();
    await user.tab();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(ERROR_SUMMARY_TITLE)).toBeNull();
    for (const input of screen.getAllByRole('textbox'))
      expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('on submit lists every message as a link to its field, in field order, and focuses the summary', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    renderWithKit(<TestForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const summary = screen.getByRole('group', { name: ERROR_SUMMARY_TITLE });
    expect(document.activeElement).toBe(summary);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Name is required',
      'Please enter a valid email address',
    ]);
    expect(links[1]!.getAttribute('href')).toBe('#test-email');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(screen.getByLabelText('Email'))).toBe('Please enter a valid email address');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onValid).not.toHaveBeenCalled();

    await user.click(links[1]!);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('checks a field shown wrong as it changes, and no other until the next submit', async () => {
    const user = userEvent.setup();
    renderWithKit(<TestForm onValid={() => undefined} />);
    await user.type(screen.getByLabelText('Email'), 'a@b');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Name is required']);

    // The e-mail was right at the submit: spoiling it now shows nothing until the next submit.
    await user.clear(screen.getByLabelText('Email'));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('false');
    // The name was wrong: it follows the typing, and the summary with it.
    const name = screen.getByLabelText('Name', { exact: true });
    await user.type(name, 'Ada');
    expect(name.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText(ERROR_SUMMARY_TITLE)).toBeNull();
    await user.type(name, ' Lovelace!');
    expect(descriptionOf(name)).toMatch(/Name must be at most 10 characters/);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Name must be at most 10 characters',
      'Please enter a valid email address',
    ]);
  });

  it('counts the characters left, tells the limit up front and announces the count once typing pauses', () => {
    vi.useFakeTimers();
    renderWithKit(<TestForm onValid={() => undefined} />);
    const name = screen.getByLabelText('Name', { exact: true });
    expect(descriptionOf(name)).toBe('You can enter up to 10 characters');
    expect(screen.getByTestId('character-count').textContent).toBe('You have 10 characters remaining');
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('');

    fireEvent.change(name, { target: { value: 'Ada' } });
    fireEvent.change(name, { target: { value: 'Ada Lovelace' } });
    expect(screen.getByTestId('character-count').textContent).toBe('You have 2 characters too many');
    expect(live.textContent).toBe('');
    act(() => vi.advanceTimersByTime(COUNT_ANNOUNCE_DELAY_MS));
    expect(live.textContent).toBe('You have 2 characters too many');
  });
});
