/**
 * Pictures into the prerendered layout's page slot, so the page is on screen before any of its code has run: a
 * prerendered page's picture from the manifest at once, a page with data's once its pictures and its early request's
 * answer are in. Only into the prerendered layout: once the live app has replaced it, a picture is too late.
 */
import { uploadedImageSrcSet } from 'artifact-model/uploaded-image';
import { PAGE_PICTURE_ATTRIBUTE } from '../marks.ts';
import { onScreen } from './dom.ts';
import type { EarlyRequest } from './early-request.ts';
import { earlyRequestSearch } from './early-request.ts';
import { pictureFor, type Picture } from './picture.ts';
import type { Session } from './session.ts';
import { LAYOUT_SLOTS } from './settings.ts';
import { fallBack, type FirstPaintState } from './state.ts';

/** The page the head start loads, as far as drawing it goes. */
export interface PageToDraw {
  state: FirstPaintState;
  /** The remote's base URL, for FIRST_PAINT_BASE. */
  base: string;
  membersOnly: boolean;
  pathParams: Record<string, string>;
  request?: EarlyRequest;
  pictures: Promise<Picture[] | null>;
  session: Promise<Session | null>;
}

/** The layout's page slot, or null (said and counted) once the live app has replaced the layout. */
function pageSlot(state: FirstPaintState): Element | null {
  const slot = document.querySelector(LAYOUT_SLOTS.slotSelector);
  if (!slot) fallBack(state, 'picture too late');
  return slot;
}

/** Puts a prerendered page's picture into the layout, and settles once its images are on screen. */
export async function drawPrerendered(state: FirstPaintState, picture: string, base: string): Promise<void> {
  const slot = pageSlot(state);
  if (!slot) return;
  slot.innerHTML = picture.replaceAll(LAYOUT_SLOTS.baseToken, base);
  slot.setAttribute(PAGE_PICTURE_ATTRIBUTE, '');
  // The picture's images before any code, the shell's included: on a slow link code would share their bandwidth, and
  // on any link its parsing would hold up their paint.
  await onScreen([...slot.querySelectorAll('img')].filter((img) => img.loading !== 'lazy'));
}

/**
 * Draws the page with its data (the early request's `answer`, if it has one) into the layout, and settles once the
 * picture's first image is on screen.
 */
export async function drawWithData(
  { state, base, membersOnly, pathParams, request, pictures, session }: PageToDraw,
  answer?: { data: unknown; headers: Headers },
): Promise<void> {
  const [drawings, member] = await Promise.all([pictures, session]);
  // A member's page is drawn only for a member.
  if (membersOnly && !member) return fallBack(state, 'no member');
  if (!drawings) return;
  const context = {
    member: member?.member ?? null,
    data: answer?.data,
    // By lower-case name, as browsers list them (happy-dom, for one, does not).
    headers: answer
      ? Object.fromEntries([...answer.headers].map(([name, value]) => [name.toLowerCase(), value]))
      : undefined,
    params: pathParams,
    search: request ? earlyRequestSearch(request, location.href) : undefined,
  };
  const slot = pageSlot(state);
  if (!slot) return;
  const html = pictureFor(drawings, context);
  if (html === null) return fallBack(state, 'no picture fits');
  // Parsed in a template first, where its images do not load yet.
  const template = document.createElement('template');
  template.innerHTML = html.replaceAll(LAYOUT_SLOTS.baseToken, base);
  // The answer's pictures the page shows first (the ones preloaded) load as the page's ArtifactImage draws an
  // uploaded photo: every stored width, chosen by `sizes`. The others wait for the live page, as an empty frame:
  // before the code they would take the link from it (a catalogue page draws 24).
  const shownFirst = request?.images?.count ?? 0;
  template.content.querySelectorAll('img[sizes]').forEach((img, index) => {
    if (index >= shownFirst) {
      img.removeAttribute('src');
      img.setAttribute('alt', '');
      return;
    }
    const srcset = uploadedImageSrcSet(img.getAttribute('src') ?? undefined);
    if (srcset) img.setAttribute('srcset', srcset);
    // Preloaded already, so nothing is fetched that was not; and the first is waited for below, wherever it is.
    img.removeAttribute('loading');
  });
  slot.replaceChildren(template.content);
  slot.setAttribute(PAGE_PICTURE_ATTRIBUTE, '');
  const firstImage = slot.querySelector('img[src]');
  await onScreen(firstImage ? [firstImage as HTMLImageElement] : []);
}
