/** Links and redirects: <Link>, <NavLink> (knows when it is the current page) and <Navigate>. */
import { useEffect, type ComponentProps, type MouseEvent } from 'react';
import { createPath, resolvePath } from './history';
import { useLocation, useNavigate, type NavigateOptions } from './navigation';

export interface LinkProps extends Omit<ComponentProps<'a'>, 'href'>, NavigateOptions {
  /** An absolute path, '?search' on the current page, or a full URL (another origin's is a plain link). */
  to: string;
}

const FULL_URL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** The path of `to` inside this app, or null when it leads to another origin. */
function inAppPath(to: string): string | null {
  if (!FULL_URL.test(to)) return to;
  try {
    const url = new URL(to, window.location.href);
    return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

/**
 * A link the router follows without reloading the page, for a plain left click only: with a modifier key, another
 * button or a `target`, the browser does what it always does (new tab, new window, download).
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const inApp = inAppPath(to);
  if (inApp === null) return <a {...rest} href={to} target={target} onClick={onClick} />;
  const href = createPath(resolvePath(inApp, location.pathname));

  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // A link to the page we are on replaces it, so Back does not land on the same page again.
    navigate(href, { replace: replace ?? href === createPath(location), state });
  };
  return <a {...rest} href={href} target={target} onClick={follow} />;
}

export interface NavLinkProps extends LinkProps {
  /** Active only on its own path, not on the paths below it (for '/', which every path is below). */
  end?: boolean;
}

function isActive(to: string, pathname: string, end: boolean): boolean {
  const inApp = inAppPath(to);
  if (inApp === null) return false;
  // Case-insensitive, as route matching is.
  const here = pathname.toLowerCase();
  const target = resolvePath(inApp, pathname).pathname.toLowerCase();
  // A target with a trailing slash ('/docs/') is still active on '/docs/page'.
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === '/');
}

/** A Link that, on the current page (or below it, unless `end`), has class "active" and aria-current="page". */
export function NavLink({ end = false, className, ...props }: NavLinkProps) {
  const active = isActive(props.to, useLocation().pathname, end);
  return (
    <Link
      {...props}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ')}
    />
  );
}

/** Navigates once rendered (in an effect, as React Router does): a redirect, usually with `replace`. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}
