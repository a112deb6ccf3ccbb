import { useNextPageSentinel } from '../lib/use-next-page-sentinel';
import { useTranslation } from 'react-i18next';
import type { Product } from '@store/contract/catalog/products';
import { useFormatPrice } from '../lib/money';
import { useDiscountedPrice } from '../lib/discount-prices';
import { Loading } from './loading';
import '../styles/catalog.css';

type Card = Pick<
  Product,
  'uid' | 'title' | 'image' | 'unit_price' | 'coin_price' | 'is_redeemable' | 'stock'
> &
  Partial<Pick<Product, 'category'>>;

/** Product card: image or placeholder, price, title, and a No stock badge at stock 0 (then it does not open). */
export function ProductCard({
  product,
  onOpen,
}: {
  product: Card;
  onOpen?: (uid: string) => void;
}) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const discounted = useDiscountedPrice()(product);
  const outOfStock = product.stock === 0;
  const body = (
    <>
      <span className="product-card__media">
        {product.image ? (
          <img className="product-card__image" src={product.image} alt="" loading="lazy" />
        ) : (
          <span className="product-card__placeholder" aria-hidden="true">
            <svg
              width="40"
              height="40"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            >
              <rect x="3" y="4" width="18" height="16" rx="2" />
              <circle cx="9" cy="10" r="2" />
              <path d="M21 17l-5-5-9 8" />
            </svg>
          </span>
        )}
        {outOfStock ? <span className="product-card__badge">{t('catalog.noStock')}</span> : null}
      </span>
      <span className="product-card__price">
        {product.is_redeemable && product.coin_price !== null
          ? t('catalog.coins', { count: product.coin_price })
          : discounted
            ? [
                <s key="was" className="price-was">
                  {price(product.unit_price)}
                </s>,
                ' ',
                <span key="now" className="price-now" title={discounted.name}>
                  {price(discounted.price)}
                </span>,
              ]
            : price(product.unit_price)}
      </span>
      <span className="product-card__title">{product.title}</span>
    </>
  );
  if (!onOpen || outOfStock) {
    return (
      <div
        className={`product-card${outOfStock ? ' product-card--disabled' : ''}`}
        aria-disabled={outOfStock || undefined}
        data-product={product.title}
      >
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      className="product-card"
      onClick={() => onOpen(product.uid)}
      data-product={product.title}
    >
      {body}
    </button>
  );
}

type Pages = { pages: { results: Card[] }[] };

/**
 * The product list: a responsive grid of cards that loads the next page (the server's `next`
 * link) when its end scrolls into view.
 */
export function ProductGrid({
  data,
  isLoading,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  onOpen,
  emptyText,
}: {
  data: Pages | undefined;
  isLoading: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  onOpen?: (uid: string) => void;
  /** What an empty list says ('No se encuentran resultados...' unless given); null says nothing. */
  emptyText?: string | null;
}) {
  const { t } = useTranslation();
  const sentinel = useNextPageSentinel({ hasNextPage, isFetchingNextPage, fetchNextPage, data });

  if (isLoading) return <Loading />;
  const products = data?.pages.flatMap((page) => page.results) ?? [];
  if (products.length === 0) {
    if (emptyText === null) return null;
    return <p className="product-grid__empty">{emptyText ?? t('common.noResults')}</p>;
  }
  return (
    <>
      <ul className="product-grid">
        {products.map((product) => (
          <li key={product.uid}>
            <ProductCard product={product} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="product-grid__sentinel" aria-hidden="true" />
      {isFetchingNextPage ? <Loading /> : null}
    </>
  );
}
