import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyCategories } from '../api/get-company-categories';
import { useCompanyProducts } from '../api/get-company-products';
import { ALL_CATEGORIES_UID, CategoryBar } from '../../../components/category-bar';
import { ProductGrid } from '../../../components/product-grid';

/** The menu: the company's categories and products (`GET v7/products/`), read-only cards. */
export function CartaProducts({ companyUid }: { companyUid: string }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState(ALL_CATEGORIES_UID);
  const categories = useCompanyCategories(companyUid);
  const products = useCompanyProducts(companyUid, {
    category: category === ALL_CATEGORIES_UID ? undefined : category,
  });
  return (
    <div className="carta__products">
      <CategoryBar categories={categories.data ?? []} selected={category} onSelect={setCategory} />
      <ProductGrid
        data={products.data}
        isLoading={products.isLoading}
        hasNextPage={products.hasNextPage}
        isFetchingNextPage={products.isFetchingNextPage}
        fetchNextPage={products.fetchNextPage}
        // Nothing was searched: an empty menu is not a search without results.
        emptyText={category === ALL_CATEGORIES_UID ? t('carta.empty') : undefined}
      />
    </div>
  );
}
