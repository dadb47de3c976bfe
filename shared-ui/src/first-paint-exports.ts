/**
 * The kit's exports for the first paint, which is retired (#53: the render service draws each page with its data).
 * Kept as what they now mean, no picture to replace, because removing an export is a major of the kit
 * (docs/releasing.md, "The kit contract"): no remote ever imported them, and kit 2.0.0 drops this file.
 */
import type { PageQuery } from './data/page-query';

/** @deprecated No picture is replaced: every component makes its entrance. Removed in kit 2.0.0. */
export const useEntrance = (): boolean => true;

/** @deprecated No picture is replaced. Removed in kit 2.0.0. */
export function setReplacingPicture(_value: boolean): void {}

/** @deprecated The first page's answers come from the server (takeServerAnswers). Removed in kit 2.0.0. */
export async function answerFirstPage(_query: ReturnType<PageQuery>): Promise<void> {}
