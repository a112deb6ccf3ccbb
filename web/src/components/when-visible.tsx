import { useEffect, useRef, useState, type ReactNode } from 'react';

type WhenVisibleProps = {
  /** Shown until the place comes near the screen; give it the size of what replaces it. */
  placeholder: ReactNode;
  /** How far below the screen loading starts, as a CSS margin. */
  margin?: string;
  children: ReactNode;
};

/**
 * Renders its children once their place is about to scroll into view, so heavy parts below the
 * fold (a map and its library) cost a phone nothing on arrival. Browsers without
 * IntersectionObserver render them at once.
 */
export function WhenVisible({ placeholder, margin = '300px', children }: WhenVisibleProps) {
  const anchor = useRef<HTMLDivElement>(null);
  // The server (and the hydration of its page) renders the placeholder: no IntersectionObserver
  // there, and the part stays below the fold until the browser sees it near.
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (visible || !anchor.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: margin },
    );
    observer.observe(anchor.current);
    return () => observer.disconnect();
  }, [visible, margin]);
  if (visible) return <>{children}</>;
  return <div ref={anchor}>{placeholder}</div>;
}
