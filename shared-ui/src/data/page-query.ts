/**
 * A page's first query, which its module exports beside its component (`pageQuery`): the build draws the page's
 * pictures with a sample answer under its key (first-paint/vite/publish-pictures.ts), and the shell has it answered
 * before the live page replaces the picture (shell/src/routes/first-paint.tsx, readyFirstPage).
 */
import type { FetchInfiniteQueryOptions, FetchQueryOptions } from '@tanstack/react-query';

/** The query a page opens with, for the route's parameters, the signed-in member's uid and the page URL's query. */
export type PageQuery = (
  params: Record<string, string | undefined>,
  viewer: string | undefined,
  search: URLSearchParams,
) => AnyQueryOptions;
/* eslint-disable @typescript-eslint/no-explicit-any -- a page's own query, of its own types: TanStack runs it */
type AnyQueryOptions =
  FetchQueryOptions<any, any, any, any> | FetchInfiniteQueryOptions<any, any, any, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Whether a page's query is an infinite one: its answer is the first of its pages. */
export const isInfiniteQuery = (
  query: AnyQueryOptions,
): query is Extract<AnyQueryOptions, { initialPageParam: unknown }> => 'initialPageParam' in query;
