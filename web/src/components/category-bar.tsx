import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../styles/chip.css';

/** The artificial "All" entry of the category bar. */
export const ALL_CATEGORIES_UID = '000';
export const CATEGORY_SCROLL_STEP = 200;
/** With this many categories or fewer the chips share the row (flexible layout). */
export const FLEX_LAYOUT_MAX = 4;

type Category = { uid: string; name: string; color?: string | null };

/**
 * Single-choice chip bar with the "All" entry (uid 000); when the chips overflow, an arrow
 * scrolls them 200 px.
 */
export function CategoryBar({
  categories,
  selected,
  onSelect,
}: {
  categories: Category[];
  selected: string;
  onSelect: (uid: string) => void;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  const [atEnd, setAtEnd] = useState(false);

  useEffect(() => {
    const node = list.current;
    if (!node) return;
    const measure = () => {
      setOverflowing(node.scrollWidth > node.clientWidth + 1);
      setAtEnd(node.scrollLeft + node.clientWidth >= node.scrollWidth - 1);
    };
    // The observer also calls back once at the start, when layout is done anyway: measuring
    // here at once would force a layout in the middle of the first render. Its state changes wait
    // for the next frame: rendered at once the arrow that appears
    // resizes the list within the observer's own delivery, and the browser reports a
    // 'ResizeObserver loop' error.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    observer.observe(node);
    node.addEventListener('scroll', measure, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      node.removeEventListener('scroll', measure);
    };
  }, [categories.length]);

  const entries = [{ uid: ALL_CATEGORIES_UID, name: t('catalog.all') }, ...categories];
  const flexible = categories.length <= FLEX_LAYOUT_MAX;
  return (
    <div className={`category-bar${flexible ? ' category-bar--flex' : ''}`}>
      <div
        ref={list}
        className="category-bar__list"
        role="group"
        aria-label={t('catalog.categories')}
      >
        {entries.map((category) => (
          <button
            key={category.uid}
            type="button"
            className="chip"
            aria-pressed={selected === category.uid}
            onClick={() => onSelect(category.uid)}
          >
            {category.name}
          </button>
        ))}
      </div>
      {overflowing ? (
        <button
          type="button"
          className="icon-button category-bar__arrow"
          aria-label={atEnd ? t('catalog.scrollCategoriesBack') : t('catalog.scrollCategories')}
          onClick={() =>
            list.current?.scrollBy({
              left: atEnd ? -list.current.scrollWidth : CATEGORY_SCROLL_STEP,
              behavior: 'smooth',
            })
          }
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
            style={atEnd ? { transform: 'scaleX(-1)' } : undefined}
          >
            <path d="M9 6l6 6-6 6" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
