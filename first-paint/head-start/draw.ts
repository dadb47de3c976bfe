/**
 * Pictures into index.html's prerendered layout, so the page is on screen before any of its code has run: a
 * prerendered page's picture from the manifest at once, a page with data's once its pictures and its early request's
 * answer are in, and the member's header. Only into the prerendered layout: once the live app has replaced it, a
 * picture is too late.
 */
import { uploadedImageSrcSet } from 'artifact-model/uploaded-image';
import {
  FIRST_PAINT_ATTRIBUTE,
  FIRST_PAINT_BASE,
  MEMBER_HEADER_ATTRIBUTE,
  PAGE_PICTURE_ATTRIBUTE,
} from '../marks.ts';
import { onScreen } from './dom.ts';
import { earlyRequestSearch, type Answer, type EarlyRequest } from './early-request.ts';
import type { FoundPage } from './find-page.ts';
import { pictureFor, type Picture } from './picture.ts';
import type { Session } from './session.ts';
import { fallBack, type FirstPaintState } from './state.ts';

/** The page the head start loads, as far as drawing it goes. */
export interface PageToDraw extends Pick<FoundPage, 'base' | 'membersOnly' | 'pathParams'> {
  state: FirstPaintState;
  request?: EarlyRequest;
  pictures: Promise<Picture[] | null>;
  session: Promise<Session | null>;
}

/** The prerendered layout's `part`, or null (said and counted) once the live app has replaced the layout. */
function inLayout(state: FirstPaintState, part: '#main' | 'header'): Element | null {
  const found = document.querySelector(`#root[${FIRST_PAINT_ATTRIBUTE}] ${part}`);
  if (!found) fallBack(state, 'picture too late');
  return found;
}

/** HTML parsed in a template, where its images do not load yet. */
function parsed(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** Puts a prerendered page's picture into the layout, and settles once its images are on screen. */
export async function drawPrerendered(state: FirstPaintState, picture: string, base: string): Promise<void> {
  const slot = inLayout(state, '#main');
  if (!slot) return;
  slot.innerHTML = picture.replaceAll(FIRST_PAINT_BASE, base);
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
  answer?: Answer,
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
  const slot = inLayout(state, '#main');
  if (!slot) return;
  const html = pictureFor(drawings, context);
  if (html === null) return fallBack(state, 'no picture fits');
  const content = parsed(html.replaceAll(FIRST_PAINT_BASE, base));
  // The answer's pictures the page shows first (the ones preloaded) load as the page's ArtifactImage draws an
  // uploaded photo: every stored width, chosen by `sizes`. The others wait for the live page, as an empty frame:
  // before the code they would take the link from it (a catalogue page draws 24).
  const shownFirst = request?.images?.count ?? 0;
  content.querySelectorAll('img[sizes]').forEach((img, index) => {
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
  slot.replaceChildren(content);
  slot.setAttribute(PAGE_PICTURE_ATTRIBUTE, '');
  const firstImage = slot.querySelector<HTMLImageElement>('img[src]');
  await onScreen(firstImage ? [firstImage] : []);
}

/**
 * The member's avatar in the prerendered layout's header (prerenderLayout's member headers), once the document is
 * parsed, while that layout is still on screen.
 */
export function drawHeader(state: FirstPaintState, { member }: Session): void {
  const block = document.querySelector(`script[${MEMBER_HEADER_ATTRIBUTE}]`);
  if (!block) return fallBack(state, 'picture too late');
  const header = inLayout(state, 'header');
  if (!header) return;
  const html = pictureFor(JSON.parse(block.textContent ?? '[]') as Picture[], { member });
  if (html === null) return fallBack(state, 'no picture fits');
  header.replaceWith(parsed(html));
}
