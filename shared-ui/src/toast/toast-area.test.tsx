import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithKit } from '../../test/render';
import { toast } from './toast';
import { ToastArea } from './toast-area';

describe('ToastArea', () => {
  it('shows a toast raised before react-hot-toast has loaded, and later ones', async () => {
    toast.error('A toast raised early');
    renderWithKit(<ToastArea />);
    expect(await screen.findByText('A toast raised early')).toBeTruthy();
    act(() => toast.success('A later toast'));
    expect(await screen.findByText('A later toast')).toBeTruthy();
  });
});
