import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithKit } from 'shared-ui/test/render';
import { describe, expect, it, vi } from 'vitest';
import { signInTestMember, stubApi } from '../../test/account-test-support';
import { localDay } from './member-data-files';
import { captureDownloads, exported } from '../../test/member-data-test-support';
import { YourDataPanel } from './your-data-panel';

describe('Your Data', () => {
  it("saves the API's export as JSON, named with the member's day, asked with the member's token", async () => {
    signInTestMember();
    const fetchMock = stubApi({ '/api/me/export': () => ({ body: exported }) });
    const saved = captureDownloads();
    renderWithKit(<YourDataPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data (JSON)' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe(`heritage-vault-data-${localDay()}.json`);
    expect(saved[0]!.name).toMatch(/^heritage-vault-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await saved[0]!.text())).toEqual(exported);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [RequestInfo, RequestInit];
    expect(String(url)).toMatch(/\/api\/me\/export$/);
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer test-id-token');
  });

  it('saves a CSV of the artifacts added and liked, by name, with no cell a spreadsheet would run', async () => {
    signInTestMember();
    stubApi({ '/api/me/export': () => ({ body: exported }) });
    const saved = captureDownloads();
    renderWithKit(<YourDataPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data (CSV)' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe(`heritage-vault-data-${localDay()}.csv`);
    const text = await saved[0]!.text();
    // A byte-order mark first, so Excel reads UTF-8.
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'List,Name,Type,Present location,Created,Discovered,Discovered by,Added by,Added on,Image,Id',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe(
      'Added,"Ada’s astrolabe, ""brass""",Writings,"British Museum, London",196 BC,1799,Pierre-François Bouchard,' +
        'Curators,2026-11-20T09:00:00.000Z,https://images.heritage.test/rosetta.jpg,a0',
    );
    // A formula is kept as text: a quote before it, as papaparse's escapeFormulae writes it.
    expect(lines[2]).toMatch(/^Added,"'=HYPERLINK\(""http:\/\/evil\.test""\)",/);
    expect(lines[3]).toBe('Liked,Lyre of Ur,Art,British Museum,,,,Curators,,,a1');
    expect(lines[4]).toBe(`Liked,"'@SUM(1)",Tools,"'+44 line",,,,"'-Someone",,,a2`);
  });

  it('while one copy is prepared, says so on its button and takes no other download', async () => {
    signInTestMember();
    let answer!: () => void;
    stubApi({
      '/api/me/export': () => new Promise((resolve) => (answer = () => resolve({ body: exported }))),
    });
    const saved = captureDownloads();
    renderWithKit(<YourDataPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data (CSV)' }));

    const busy = await screen.findByRole('button', { name: 'Preparing your data...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy).toHaveProperty('disabled', true);
    const json = screen.getByRole('button', { name: 'Download my data (JSON)' });
    expect([json.getAttribute('aria-busy'), (json as HTMLButtonElement).disabled]).toEqual(['false', true]);
    answer();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Download my data (CSV)' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('says so when the export fails, and the buttons come back', async () => {
    signInTestMember();
    stubApi({ '/api/me/export': () => ({ status: 503, body: { success: false, message: 'Down' } }) });
    const { toast } = await import('shared-ui');
    vi.spyOn(toast, 'error');
    renderWithKit(<YourDataPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data (CSV)' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not download your data. Please try again.'),
    );
    expect(screen.getByRole('button', { name: 'Download my data (CSV)' })).toHaveProperty('disabled', false);
  });
});
