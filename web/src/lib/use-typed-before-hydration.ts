import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A text box of a server-rendered page can be typed into before React takes the page over, and
 * the text was lost: hydrated, React keeps it in the box but its state stays the server's (a
 * search that filters nothing, and the next render writes the empty state back into the box);
 * rendered afresh instead (a part of the page React renders on the client after all), the server's
 * box leaves the page and a new, empty one comes. The boxes say so with `data-early-text="key"`;
 * main.tsx keeps what they hold from the start (keepEarlyText) and the page's component takes it
 * once, right after its first commit (useTypedBeforeHydration).
 */
const texts = new Map<string, string>();
let taken = false;

function read(target: EventTarget | null): void {
  if (target instanceof HTMLInputElement && target.dataset.earlyText)
    texts.set(target.dataset.earlyText, target.value);
}
const onInput = (event: Event) => read(event.target);

/** main.tsx, before React starts: what the server's boxes hold now and until a page takes it. */
export function keepEarlyText(): void {
  document.querySelectorAll('input[data-early-text]').forEach(read);
  document.addEventListener('input', onInput, true);
}

/**
 * The box's `ref`: right after the first commit (a layout effect, before any later render) the
 * text typed into the server's box `key` is taken as if typed now. Once per load: a page opened
 * later starts empty.
 */
export function useTypedBeforeHydration(
  value: string,
  onChange: (value: string) => void,
  key: string,
): RefObject<HTMLInputElement | null> {
  const ref = useRef<HTMLInputElement | null>(null);
  useLayoutEffect(() => {
    if (taken) return;
    taken = true;
    document.removeEventListener('input', onInput, true);
    const typed = ref.current?.value || texts.get(key);
    texts.clear();
    if (typed && typed !== value) onChange(typed);
    // Once, on mount: afterwards every keystroke reaches onChange.
  }, []);
  return ref;
}
