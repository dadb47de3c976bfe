import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, ERROR_SUMMARY_TITLE, Route, Routes, toast } from 'shared-ui';
import { UPLOADED_PHOTO_PLACEHOLDER } from '../../artifact-form/artifact-fields';
import { fetchArtifact } from 'shared-ui/api/shared-calls';
import { renderWithKit } from 'shared-ui/test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { updateArtifact } from '../../data/editor-api';
import { anArtifact } from '../../test/artifact-fixture';
import { signInMember } from '../../test/signed-in-member';
import UpdateArtifactPage from './update-artifact-page';

// The kit's call behind the query this page shares with Artifact Details, so the kit's query calls the mock too.
vi.mock('shared-ui/api/shared-calls', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-ui/api/shared-calls')>()),
  fetchArtifact: vi.fn(),
}));
vi.mock('../../data/editor-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../data/editor-api')>()),
  updateArtifact: vi.fn(),
}));

const artifact = anArtifact();

function renderPage() {
  return renderWithKit(
    <Routes>
      <Route path="/update-artifact/:id" element={<UpdateArtifactPage />} />
      <Route path="/my-artifacts" element={<h1>My Artifacts route</h1>} />
    </Routes>,
    { route: `/update-artifact/${artifact._id}` },
  );
}

const submitButton = () => screen.getByRole('button', { name: /Update Artifact|Updating\.\.\./ });

describe('Update Artifact', () => {
  beforeEach(() => {
    signInMember();
    vi.mocked(fetchArtifact).mockResolvedValue(artifact);
  });
  afterEach(() => vi.restoreAllMocks());

  it('loads the artifact and prefills its fields, Description too (docs/decisions.md, "Description on Update")', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Update Artifact' })).toBeTruthy();
    expect(screen.getByText('Loading artifact details...')).toBeTruthy();
    expect(await screen.findByLabelText('Artifact Name')).toHaveProperty('value', 'Rosetta Stone');
    expect(fetchArtifact).toHaveBeenCalledWith(artifact._id, expect.any(AbortSignal));
    expect(screen.getByLabelText('Image URL')).toHaveProperty('value', artifact.image);
    expect(screen.getByLabelText('Artifact Type')).toHaveProperty('value', 'Writings');
    expect(screen.getByLabelText('Historical Context').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Created At')).toHaveProperty('value', '196 BC');
    expect(screen.getByLabelText('Discovered At')).toHaveProperty('value', '1799');
    expect(screen.getByLabelText('Discovered By')).toHaveProperty('value', artifact.discoveredBy);
    expect(screen.getByLabelText('Present Location')).toHaveProperty('value', artifact.presentLocation);
    expect(screen.getByText('e.g., 100 BC')).toBeTruthy();
    expect(screen.getByText('e.g., 1799')).toBeTruthy();
    const description = screen.getByLabelText('Description');
    expect(description.tagName).toBe('TEXTAREA');
    expect(description).toHaveProperty('value', artifact.description);
    expect(submitButton().textContent).toBe('Update Artifact');
  });

  it('shows nothing until a submit, then every message in the summary, which takes focus', async () => {
    const user = userEvent.setup();
    renderPage();
    const name = await screen.findByLabelText('Artifact Name');
    await user.clear(name);
    await user.tab();
    expect(name.getAttribute('aria-invalid')).toBe('false');

    fireEvent.change(screen.getByLabelText('Image URL'), { target: { value: 'ftp://example.org/r.jpg' } });
    fireEvent.change(screen.getByLabelText('Present Location'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: '' } });
    await user.click(submitButton());
    // A submit first waits for the shared model's code (artifact-model.ts): the summary may come after the click.
    const summary = await screen.findByRole('group', { name: ERROR_SUMMARY_TITLE });
    // The same rule as Add: a description can be corrected, never emptied.
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Artifact Name is required',
      'Image URL must be a valid http(s) URL',
      'Description is required',
      'Present Location is required',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(updateArtifact).not.toHaveBeenCalled();
  });

  it('shows an uploaded photo, not its address, and takes an image URL typed in its place', async () => {
    const uploaded = 'http://localhost:3000/api/images/6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b/900.webp';
    vi.mocked(fetchArtifact).mockResolvedValue({ ...artifact, image: uploaded });
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('Artifact Name');
    const field = screen.getByLabelText('Image URL') as HTMLInputElement;
    expect([field.value, field.placeholder]).toEqual(['', UPLOADED_PHOTO_PLACEHOLDER]);
    expect(screen.queryByDisplayValue(uploaded)).toBeNull();
    expect((await screen.findByRole('img', { name: 'Preview of Rosetta Stone' })).getAttribute('src')).toBe(
      uploaded,
    );

    // A URL typed in replaces the photo; the photo is still what is saved until then.
    await user.type(field, 'https://images.example.org/r.jpg');
    expect(field.value).toBe('https://images.example.org/r.jpg');
  });

  it('reads "Updating..." and is disabled while saving, sends the corrected description, then toasts and leaves', async () => {
    const success = vi.spyOn(toast, 'success');
    let finish!: () => void;
    vi.mocked(updateArtifact).mockImplementation(
      () => new Promise((resolve) => (finish = () => resolve({ success: true, message: 'ok' }))),
    );
    const user = userEvent.setup();
    renderPage();
    fireEvent.change(await screen.findByLabelText('Present Location'), { target: { value: 'Cairo Museum' } });
    fireEvent.change(screen.getByLabelText('Description'), {
      target: { value: '  A corrected description.  ' },
    });
    await user.click(submitButton());

    expect(submitButton().textContent).toBe('Updating...');
    expect(submitButton()).toHaveProperty('disabled', true);
    expect(updateArtifact).toHaveBeenCalledWith(artifact._id, {
      name: artifact.name,
      image: artifact.image,
      type: artifact.type,
      historicalContext: artifact.historicalContext,
      description: 'A corrected description.',
      createdAt: artifact.createdAt,
      discoveredAt: artifact.discoveredAt,
      discoveredBy: artifact.discoveredBy,
      presentLocation: 'Cairo Museum',
    });

    await act(async () => finish());
    expect(success).toHaveBeenCalledWith('Artifact updated successfully!');
    expect(await screen.findByRole('heading', { name: 'My Artifacts route' })).toBeTruthy();
  });

  it('on failure toasts the server’s message, else "Failed to update artifact", and stays on the form', async () => {
    const error = vi.spyOn(toast, 'error');
    vi.mocked(updateArtifact)
      .mockRejectedValueOnce(new ApiError('x', 403, 'You can only update artifacts you added'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('Artifact Name');
    await user.click(submitButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith('You can only update artifacts you added'));
    expect(submitButton()).toHaveProperty('disabled', false);
    await user.click(submitButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to update artifact'));
    expect(screen.getByLabelText('Artifact Name')).toHaveProperty('value', 'Rosetta Stone');
  });

  it('toasts "Failed to fetch artifact details" and goes to My Artifacts when the artifact cannot be fetched', async () => {
    const error = vi.spyOn(toast, 'error');
    vi.mocked(fetchArtifact).mockRejectedValueOnce(
      new ApiError('Artifact not found', 404, 'Artifact not found'),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'My Artifacts route' })).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Failed to fetch artifact details');
  });

  it('says so and offers no form for an artifact another member added', async () => {
    vi.mocked(fetchArtifact).mockResolvedValue(
      anArtifact({ adderName: 'Curators', adderEmail: 'curators@heritagevault.org' }),
    );
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'You can only update artifacts you added' }),
    ).toBeTruthy();
    expect(
      screen.getByText('"Rosetta Stone" was added by Curators, so only they can change it.'),
    ).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByLabelText('Artifact Name')).toBeNull();
    expect(screen.getByRole('link', { name: 'View this artifact' }).getAttribute('href')).toBe(
      `/artifact-details/${artifact._id}`,
    );
  });

  it('compares e-mails without regard to case', async () => {
    vi.mocked(fetchArtifact).mockResolvedValue(anArtifact({ adderEmail: 'ADA@Heritage.test' }));
    renderPage();
    expect(await screen.findByLabelText('Artifact Name')).toBeTruthy();
  });
});
