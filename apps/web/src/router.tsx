import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useSyncExternalStore } from 'react';

/** Client-side navigation over the History API; every path is also a real URL the server answers. */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo(0, 0);
  for (const listener of listeners) listener();
}

export function useLocation(): { pathname: string; search: string } {
  const pathname = useSyncExternalStore(subscribe, () => window.location.pathname);
  const search = useSyncExternalStore(subscribe, () => window.location.search);
  return { pathname, search };
}

/** A link that navigates in the page (a modified click opens a new tab as usual). */
export function Link({
  href,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={follow} {...rest} />;
}

/** Sets the document title, so each page reads well in history, tabs and screen readers. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Gatehouse`;
  }, [title]);
}

/** Matches `/settings/webhooks/:id` against a path; null when it does not match. */
export function match(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/:([a-zA-Z]+)/g, (_all, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const found = new RegExp(`^${source}/?$`).exec(pathname);
  if (!found) return null;
  return Object.fromEntries(
    names.map((name, index) => [name, decodeURIComponent(found[index + 1]!)]),
  );
}
