import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LandingSection } from '@store/contract/tenancy/landing';
import { CAROUSEL_INTERVAL_MS } from '../landing-logic';

type Image = LandingSection['images'][number];

/**
 * CAROUSEL: one image at a time, turning every 4000 ms. It stops while the pointer is over it or
 * focus is inside it, and a pause button stops it for good (WCAG 2.2.2).
 */
export function Carousel({ images, title }: { images: Image[]; title: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const total = images.length;
  const running = total > 1 && !hovered && !focused && !paused;

  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % total), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [running, total]);

  if (total === 0) return null;
  const current = index % total;
  const go = (next: number) => setIndex((next + total) % total);

  return (
    <div
      className="carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label={title || t('landing.carousel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel__viewport" aria-live={running ? 'off' : 'polite'}>
        {images.map((image, i) => {
          const picture = <img src={image.image} alt="" className="carousel__image" />;
          return (
            <div
              key={image.uid}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('landing.slide', { index: i + 1, total })}
              aria-hidden={i !== current}
              data-active={i === current}
              hidden={i !== current}
            >
              {image.link ? (
                <a
                  href={image.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  tabIndex={i === current ? 0 : -1}
                >
                  {picture}
                </a>
              ) : (
                picture
              )}
            </div>
          );
        })}
      </div>
      {total > 1 ? (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__arrow"
            onClick={() => go(current - 1)}
            aria-label={t('landing.previous')}
          >
            ‹
          </button>
          <div className="carousel__dots">
            {images.map((image, i) => (
              <button
                key={image.uid}
                type="button"
                className="carousel__dot"
                aria-label={t('landing.slide', { index: i + 1, total })}
                aria-current={i === current}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel__arrow"
            onClick={() => go(current + 1)}
            aria-label={t('landing.next')}
          >
            ›
          </button>
          <button
            type="button"
            className="carousel__pause"
            onClick={() => setPaused((p) => !p)}
            aria-pressed={paused}
          >
            {paused ? t('landing.play') : t('landing.pause')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
