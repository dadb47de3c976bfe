import { screen } from '@testing-library/react';
import { renderWithKit } from 'shared-ui/test/render';
import { describe, expect, it } from 'vitest';
import AboutPage from './about-page';

describe('About page', () => {
  it('shows the title, vision, mission and the three offer cards', () => {
    renderWithKit(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'About Heritage Vault' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Our Vision' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Our Mission' })).toBeTruthy();
    const offers = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(offers).toEqual(['Artifact Documentation', 'Community Engagement', 'Secure Platform']);
  });
});
