import { formatMessage } from '@store/contract';
import { detailBody, HttpError } from '../../../lib/http-errors';

/**
 * 409 of the many-product writes (bulk edit, CSV import): the optimistic concurrency of
 * admin/concurrency.ts for a batch. Nothing was written; the body names every product
 * someone else changed since it was read, with its version now, so the screen can say
 * which ones and reload them.
 */
export class ProductsChangedError extends HttpError {
  constructor(changed: { uid: string; title: string; version: number }[]) {
    super(409, {
      ...detailBody(
        formatMessage('admin.products_changed', {
          titles: changed.map((p) => p.title).join(', '),
        }),
      ),
      products: changed.map(({ uid, title, version }) => ({ uid, title, version })),
    });
  }
}
