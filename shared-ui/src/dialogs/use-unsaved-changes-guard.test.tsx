import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';
import { closeDialogs } from '../../test/dialogs';

function Form() {
  const [name, setName] = useState('');
  const { saved } = useUnsavedChangesGuard(name !== '');
  return (
    <>
      <label>
        Name <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <button onClick={saved}>Save</button>
      <Link to="/about">About</Link>
    </>
  );
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/add', element: <Form /> },
      { path: '/about', element: <h1>About</h1> },
    ],
    { initialEntries: ['/add'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const unloadPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useUnsavedChangesGuard', () => {
  afterEach(async () => {
    await closeDialogs();
  });

  it('lets an untouched form go without asking', async () => {
    const router = renderForm();
    expect(unloadPrevented()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(router.state.location.pathname).toBe('/about');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before leaving typed work: Stay keeps the page and the text, Leave goes', async () => {
    const router = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Rosetta');
    expect(unloadPrevented()).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Leave this page?');
    expect(dialog.textContent).toContain('Your changes will be lost.');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/add');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Rosetta');

    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'About' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/about');
  });

  it('does not ask once the changes are saved', async () => {
    const router = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Rosetta');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(unloadPrevented()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(router.state.location.pathname).toBe('/about');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
