/**
 * A page's first query, which its module exports beside its component (`pageQuery`, shared-ui/src/
 * shell-remote-contract.ts): the host's loader has it answered on the server (shell/src/server/render-page.tsx), and
 * the page's own hook reads the same options in the browser.
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
