import { afterEach, describe, expect, it, vi } from 'vitest';
import { layout, MANIFEST_URL, serve, shellCodeStarted, start, STARTED } from './test/harness';
import {
  DETAILS_URL,
  open,
  PHOTO,
  pictureManifest,
  pictures,
  PICTURES_URL,
  signIn,
} from './test/picture-with-data';

describe("index.html's inline head start: the page's picture drawn with the answer to its first request", () => {
  afterEach(() => localStorage.clear());
  it("fills in the member's and the answer's texts, escaped, into the picture the answer fits", async () => {
    const main = layout(true);
    signIn();
    open({ _id: 'abc', name: '<img src=x onerror=alert(1)>', image: PHOTO, myVote: null });

    await vi.waitFor(() =>
      expect(main.querySelector('h1')?.textContent).toBe('<img src=x onerror=alert(1)>'),
    );
    expect(main.querySelector('p')!.textContent).toBe('Like, Ada <Lovelace>, abc');
    const [photo, frame] = [...main.querySelectorAll('img')];
    expect(photo!.getAttribute('src')).toBe(PHOTO);
    // Every stored width, as the page's ArtifactImage asks for an uploaded photo.
    expect(photo!.getAttribute('srcset')).toContain('1080.webp 1080w');
    expect(photo!.getAttribute('srcset')).toContain('480.webp 480w');
    expect(frame!.getAttribute('src')).toBe('http://remotes.test/catalogue/assets/frame.svg');
    expect(frame!.hasAttribute('srcset')).toBe(false);
    expect(main.querySelectorAll('img')).toHaveLength(2);
  });

  it("runs the shell's entry once the picture's first image has loaded or failed, its chunks at once", async () => {
    // happy-dom loads no images, so every one is `complete`: here they are still on their way.
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
    const main = layout(true);
    signIn();
    open({ _id: 'abc', name: 'Vase', image: PHOTO, myVote: null });
    await vi.waitFor(() => expect(main.querySelector('h1')?.textContent).toBe('Vase'));
    // Let every pending fetch and promise settle: the entry still waits for the photo.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shellCodeStarted()).toBe('chunks only');

    main.querySelector('img')!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(shellCodeStarted()).toEqual(STARTED));
  });

  it("runs the shell's entry only once a frame has painted the picture's first image", async () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const main = layout(true);
    signIn();
    open({ _id: 'abc', name: 'Vase', image: PHOTO, myVote: null });
    await vi.waitFor(() => expect(main.querySelector('h1')?.textContent).toBe('Vase'));
    main.querySelector('img')!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shellCodeStarted()).toBe('chunks only');

    frames[0]!(performance.now());
    await vi.waitFor(() => expect(shellCodeStarted()).toEqual(STARTED));
  });

  it('does not wait for a frame in a page opened in the background, which paints none', async () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const main = layout(true);
    signIn();
    open({ _id: 'abc', name: 'Vase', image: PHOTO, myVote: null });
    await vi.waitFor(() => expect(main.querySelector('h1')?.textContent).toBe('Vase'));
    main.querySelector('img')!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(shellCodeStarted()).toEqual(STARTED));
    expect(frame).not.toHaveBeenCalled();
  });

  it("runs the shell's entry once nothing is drawn, and after 3 s at most", async () => {
    const main = layout(true);
    signIn();
    open();
    await vi.waitFor(() => expect(shellCodeStarted()).toEqual(STARTED));
    expect(main.innerHTML).toBe('<p>Loading</p>');
    document.head.innerHTML = '';

    vi.useFakeTimers();
    try {
      serve({
        '/remotes.json': { mf_catalogue: MANIFEST_URL },
        [MANIFEST_URL]: pictureManifest,
        [PICTURES_URL]: pictures,
      });
      // The API never answers.
      const served = globalThis.fetch;
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string, init?: RequestInit) =>
          url === DETAILS_URL ? new Promise<Response>(() => undefined) : served(url, init),
        ),
      );
      history.replaceState(null, '', '/artifact-details/abc');
      start();
      await vi.advanceTimersByTimeAsync(2999);
      expect(shellCodeStarted()).toBe('chunks only');
      await vi.advanceTimersByTimeAsync(1);
      expect(shellCodeStarted()).toEqual(STARTED);
    } finally {
      vi.useRealTimers();
    }
  });
});
