import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { companyCategoriesQuery, companyProductsQuery } from '../../../api';
import { ALL_CATEGORIES_UID, CategoryBar } from '../../../components/category-bar';
import { ProductGrid } from '../../../components/product-grid';

/** The menu: the company's categories and products (`GET v7/products/`), read-only cards. */
export function CartaProducts({ companyUid }: { companyUid: string }) {
  const [category, setCategory] = useState(ALL_CATEGORIES_UID);
  const categories = useQuery(companyCategoriesQuery(companyUid));
  const products = useInfiniteQuery(
    companyProductsQuery(companyUid, {
      category: category === ALL_CATEGORIES_UID ? undefined : category,
    }),
  );
  return (
    <div className="carta__products">
      <CategoryBar categories={categories.data ?? []} selected={category} onSelect={setCategory} />
      <ProductGrid
        data={products.data}
        isLoading={products.isLoading}
        hasNextPage={products.hasNextPage}
        isFetchingNextPage={products.isFetchingNextPage}
        fetchNextPage={products.fetchNextPage}
      />
    </div>
  );
}
