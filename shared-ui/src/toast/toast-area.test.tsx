import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithKit } from '../../test/render';
import { toast } from './toast';
import { ToastArea } from './toast-area';

describe('ToastArea', () => {
  it('shows a toast raised before react-hot-toast has loaded, and later ones', async () => {
    toast.error('Failed to fetch featured artifacts');
    renderWithKit(<ToastArea />);
    expect(await screen.findByText('Failed to fetch featured artifacts')).toBeTruthy();
    act(() => toast.success('Artifact added successfully!'));
    expect(await screen.findByText('Artifact added successfully!')).toBeTruthy();
  });
});
