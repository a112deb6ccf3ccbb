import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPlaceProductInput,
  AdminProduct,
  AdminProductInput,
} from '@store/contract/admin/catalogue';
import { adminKeys } from '../../../../api/query-keys/admin';
import { updatePlaceProduct } from '../../api/update-place-product';
import { updateProduct } from '../../api/update-product';

export type ProductSave = {
  uid: string;
  product: AdminProductInput;
  /** Only the places whose row changed: each is its own audited write. */
  places: (AdminPlaceProductInput & { place: string })[];
};

/**
 * Saves the product form: the versioned product write first (a 409 stops everything), then
 * each changed place. The cache is refreshed once at the end, whatever happened.
 */
export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ uid, product, places }: ProductSave): Promise<AdminProduct> => {
      let saved = await updateProduct({ uid, ...product });
      for (const { place, ...row } of places)
        saved = await updatePlaceProduct({ uid, place, ...row });
      return saved;
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.products() }),
  });
}
