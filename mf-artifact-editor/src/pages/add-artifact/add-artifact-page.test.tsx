import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, ERROR_SUMMARY_TITLE, Route, Routes, toast, useAuthStore } from 'shared-ui';
import { descriptionOf } from 'shared-ui/test/described-by';
import { renderWithKit } from 'shared-ui/test/render';
import { IMAGE_URL_MESSAGES } from 'artifact-model';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createArtifact } from '../../data/editor-api';
import { MEMBER, signInMember } from '../../test/signed-in-member';
import AddArtifactPage from './add-artifact-page';

vi.mock('../../data/editor-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/editor-api')>()),
  createArtifact: vi.fn(),
}));

const VALID = {
  'Artifact Name': 'Rosetta Stone',
  'Image URL': 'https://images.example.org/rosetta.jpg',
  'Historical Context': 'A decree issued at Memphis in 196 BC.',
  Description: 'Granodiorite stele inscribed in three scripts.',
  'Created At': '196 BC',
  'Discovered At': '1799',
  'Discovered By': 'Pierre-François Bouchard',
  'Present Location': 'British Museum, London',
};

function renderPage() {
  return renderWithKit(
    <Routes>
      <Route path="/add-artifact" element={<AddArtifactPage />} />
      <Route path="/my-artifacts" element={<h1>My Artifacts route</h1>} />
    </Routes>,
    { route: '/add-artifact' },
  );
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of Object.entries(VALID)) {
    const input = screen.getByLabelText(label);
    // Typing every character of long texts is slow and proves nothing more than setting them.
    fireEvent.change(input, { target: { value } });
  }
  await user.selectOptions(screen.getByLabelText('Artifact Type'), 'Writings');
}

const submitButton = () => screen.getByRole('button', { name: /Add(ing)? Artifact/ });

/** The error summary's messages, in its order. */
const summaryMessages = () =>
  within(screen.getByRole('group', { name: ERROR_SUMMARY_TITLE }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('Add Artifact', () => {
  beforeEach(() => signInMember());
  afterEach(() => vi.restoreAllMocks());

  it('shows every field of the form, with the hints, the type select and the adder read-only', () => {
    renderPage();
    for (const label of Object.keys(VALID)) expect(screen.getByLabelText(label)).toHaveProperty('value', '');
    expect(screen.getByText('e.g., 100 BC')).toBeTruthy();
    expect(screen.getByText('e.g., 1799')).toBeTruthy();
    const type = screen.getByLabelText('Artifact Type') as HTMLSelectElement;
    expect([...type.options].map((o) => o.text)).toEqual([
      'Select Type',
      'Tools',
      'Weapons',
      'Documents',
      'Writings',
      'Pottery',
      'Jewelry',
      'Clothing',
      'Religious Items',
      'Art',
      'Other',
    ]);
    const adderName = screen.getByLabelText('Adder Name') as HTMLInputElement;
    const adderEmail = screen.getByLabelText('Adder Email') as HTMLInputElement;
    expect([adderName.value, adderName.readOnly]).toEqual([MEMBER.displayName, true]);
    expect([adderEmail.value, adderEmail.readOnly]).toEqual([MEMBER.email, true]);
  });

  it('says nothing while a member tabs through the untouched form, nor as they type', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByLabelText('Artifact Name'));
    for (let i = 0; i < 12; i++) await user.tab();
    await user.type(screen.getByLabelText('Image URL'), 'not a url');
    await user.tab();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(ERROR_SUMMARY_TITLE)).toBeNull();
    for (const label of Object.keys(VALID))
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('false');
  });

  it('on submit lists every message in one summary that takes focus, marks each field and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(submitButton());
    const messages = [
      'Artifact Name is required',
      'Image URL is required',
      'Artifact Type is required',
      'Historical Context is required',
      'Description is required',
      'Created At is required',
      'Discovered At is required',
      'Discovered By is required',
      'Present Location is required',
    ];
    expect(summaryMessages()).toEqual(messages);
    // The summary's order is the fields' order on screen.
    const summaryTargets = within(screen.getByRole('group', { name: ERROR_SUMMARY_TITLE }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    const fieldsOnScreen = [...document.querySelectorAll('form [name]')].map((field) => `#${field.id}`);
    expect(summaryTargets).toEqual(fieldsOnScreen);
    expect(document.activeElement).toBe(screen.getByRole('group', { name: ERROR_SUMMARY_TITLE }));
    expect(screen.queryByRole('alert')).toBeNull();
    const name = screen.getByLabelText('Artifact Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(name)).toContain('Artifact Name is required');
    expect(createArtifact).not.toHaveBeenCalled();

    // A link takes the member to its field.
    await user.click(screen.getByRole('link', { name: 'Artifact Type is required' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Artifact Type'));
  });

  it('follows a field shown wrong as it changes, and the summary with it', async () => {
    const user = userEvent.setup();
    renderPage();
    await fillValidForm(user);
    fireEvent.change(screen.getByLabelText('Image URL'), { target: { value: 'not a url' } });
    await user.click(submitButton());
    expect(summaryMessages()).toEqual(['Image URL must be a valid http(s) URL']);

    const url = screen.getByLabelText('Image URL');
    fireEvent.change(url, { target: { value: 'http://169.254.169.254/latest/meta-data/' } });
    expect(summaryMessages()).toEqual([IMAGE_URL_MESSAGES.localHost]);
    fireEvent.change(url, { target: { value: 'https://user:pw@example.org/a.jpg' } });
    expect(descriptionOf(url)).toContain(IMAGE_URL_MESSAGES.credentials);
    fireEvent.change(url, { target: { value: VALID['Image URL'] } });
    expect(url.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText(ERROR_SUMMARY_TITLE)).toBeNull();
  });

  it('shows a name of invisible characters alone as required, and a control character as such', async () => {
    const user = userEvent.setup();
    renderPage();
    const name = screen.getByLabelText('Artifact Name');
    // user.type reads braces as keys: paste the characters in.
    await user.click(name);
    await user.paste('\u200b\u202e\u2066');
    await user.click(submitButton());
    expect(summaryMessages()[0]).toBe('Artifact Name is required');
    await user.click(name);
    await user.paste('Rosetta\u0007Stone');
    expect(summaryMessages()[0]).toBe(
      'Artifact Name must not contain control characters (such as NUL, tabs or line breaks)',
    );
  });

  it('counts the name against the model’s limit instead of cutting it, and refuses a name too long', async () => {
    const user = userEvent.setup();
    renderPage();
    const name = screen.getByLabelText('Artifact Name');
    expect(descriptionOf(name)).toBe('You can enter up to 120 characters');
    expect(name.getAttribute('maxlength')).toBeNull();
    fireEvent.change(name, { target: { value: 'x'.repeat(125) } });
    await waitFor(() =>
      expect(screen.getAllByTestId('character-count')[0]!.textContent).toBe('You have 5 characters too many'),
    );
    await user.click(submitButton());
    expect(summaryMessages()[0]).toBe('Artifact Name must be at most 120 characters');
  });

  it('disables the button while adding, then toasts, resets and goes to My Artifacts', async () => {
    const success = vi.spyOn(toast, 'success');
    let finish!: () => void;
    vi.mocked(createArtifact).mockImplementation(
      () => new Promise((resolve) => (finish = () => resolve({ success: true, message: 'ok' }))),
    );
    const user = userEvent.setup();
    renderPage();
    await fillValidForm(user);
    fireEvent.change(screen.getByLabelText('Artifact Name'), { target: { value: '  Rosetta Stone  ' } });
    await user.click(submitButton());

    const busy = screen.getByRole('button', { name: 'Adding Artifact...' });
    expect(busy).toHaveProperty('disabled', true);
    // The shared model trims what is sent.
    expect(createArtifact).toHaveBeenCalledWith({
      name: 'Rosetta Stone',
      image: VALID['Image URL'],
      type: 'Writings',
      historicalContext: VALID['Historical Context'],
      description: VALID.Description,
      createdAt: '196 BC',
      discoveredAt: '1799',
      discoveredBy: VALID['Discovered By'],
      presentLocation: VALID['Present Location'],
    });
    await user.click(busy);
    expect(createArtifact).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    expect(success).toHaveBeenCalledWith('Artifact "Rosetta Stone" has been added successfully!');
    expect(await screen.findByRole('heading', { name: 'My Artifacts route' })).toBeTruthy();
  });

  it('on failure toasts the server’s message and keeps everything typed', async () => {
    const error = vi.spyOn(toast, 'error');
    vi.mocked(createArtifact).mockRejectedValueOnce(new ApiError('bad', 400, 'Invalid artifact: name taken'));
    const user = userEvent.setup();
    renderPage();
    await fillValidForm(user);
    await user.click(submitButton());

    await waitFor(() => expect(error).toHaveBeenCalledWith('Invalid artifact: name taken'));
    expect(submitButton()).toHaveProperty('disabled', false);
    expect(submitButton().textContent).toBe('Add Artifact');
    expect(screen.getByLabelText('Artifact Name')).toHaveProperty('value', 'Rosetta Stone');
    expect(screen.getByLabelText('Artifact Type')).toHaveProperty('value', 'Writings');
  });

  it('falls back to "Failed to add artifact" when the server gives no message', async () => {
    const error = vi.spyOn(toast, 'error');
    vi.mocked(createArtifact).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderPage();
    await fillValidForm(user);
    await user.click(submitButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to add artifact'));
  });

  it('does not crash while the store has no user yet', () => {
    useAuthStore.setState({ user: null });
    renderPage();
    expect(screen.getByLabelText('Adder Email')).toHaveProperty('value', '');
  });
});

/**
 * The shared model (zod) loads once the form is on screen, not with the page. These start from fresh modules, so the
 * model has not loaded, and hold or fail its import to see what a member who is quicker than the network gets.
 */
describe('Add Artifact before the validation code has arrived', () => {
  afterEach(() => {
    vi.doUnmock('artifact-model');
    vi.restoreAllMocks();
  });

  async function renderFresh(model: () => Promise<void>) {
    vi.resetModules();
    vi.doMock('artifact-model', async (importOriginal) => {
      await model();
      return importOriginal();
    });
    const kit = await import('shared-ui');
    const { renderWithKit: render } = await import('shared-ui/test/render');
    const { createArtifact: create } = await import('../../data/editor-api');
    const { default: FreshPage } = await import('./add-artifact-page');
    kit.useAuthStore.setState({ user: MEMBER, loading: false });
    vi.mocked(create).mockResolvedValue({ success: true, message: 'ok' });
    render(
      <kit.Routes>
        <kit.Route path="/add-artifact" element={<FreshPage />} />
        <kit.Route path="/my-artifacts" element={<h1>My Artifacts route</h1>} />
      </kit.Routes>,
      { route: '/add-artifact' },
    );
    return { toast: kit.toast, createArtifact: create };
  }

  function held() {
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    return { load: () => arrived, release: () => act(async () => release()) };
  }

  it('sends a submit made early once the code arrives, and only once however often it is clicked', async () => {
    const model = held();
    const user = userEvent.setup();
    const { createArtifact: create } = await renderFresh(model.load);
    await fillValidForm(user);
    await user.click(submitButton());
    await user.click(submitButton());
    expect(create).not.toHaveBeenCalled();

    await model.release();
    expect(await screen.findByRole('heading', { name: 'My Artifacts route' })).toBeTruthy();
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('if the code cannot load, sends nothing, keeps what was typed, says so, and tries again on the next submit', async () => {
    let online = false;
    const user = userEvent.setup();
    const fresh = await renderFresh(async () => {
      if (!online) throw new Error('the network dropped');
    });
    const error = vi.spyOn(fresh.toast, 'error');
    await fillValidForm(user);
    await user.click(submitButton());

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to add artifact'));
    expect(fresh.createArtifact).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Artifact Name')).toHaveProperty('value', 'Rosetta Stone');
    expect(submitButton()).toHaveProperty('disabled', false);

    online = true;
    await user.click(submitButton());
    await waitFor(() => expect(fresh.createArtifact).toHaveBeenCalledTimes(1));
  });
});
