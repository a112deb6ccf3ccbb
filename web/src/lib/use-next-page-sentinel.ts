import { useEffect, useRef } from 'react';

type EndlessList = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The pages read so far: a new page watches the sentinel again (it may still be in view). */
  data: unknown;
};

/**
 * The element at the end of an endless list: when it comes within 400px of the screen the next
 * page is read, not while one is being read nor when there is none left. Returns the ref to put
 * on that element.
 */
export function useNextPageSentinel({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  data,
}: EndlessList) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(fetchNextPage);
  more.current = fetchNextPage;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchingNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void more.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, data]);

  return sentinel;
}
