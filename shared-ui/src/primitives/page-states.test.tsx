import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../../test/render';
import { LoadError } from './empty-state';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it("is the page's h1 by default, a section's h2 with the id its section is labelled by when asked", () => {
    const { unmount } = renderWithKit(<PageHeader title="All Artifacts" subtitle="Explore" />);
    expect(screen.getByRole('heading', { level: 1, name: 'All Artifacts' })).toBeTruthy();
    expect(screen.getByText('Explore')).toBeTruthy();
    unmount();
    renderWithKit(<PageHeader level={2} id="featured-title" title="Featured Artifacts" />);
    const heading = screen.getByRole('heading', { level: 2, name: 'Featured Artifacts' });
    expect(heading.id).toBe('featured-title');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});

describe('LoadError', () => {
  it('names what failed and tries again on Try Again', () => {
    const onRetry = vi.fn();
    renderWithKit(<LoadError title="Failed to fetch artifacts" onRetry={onRetry} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Failed to fetch artifacts' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
