import type { CatalogueEntries } from './entry';

/** The catalogue's CSV import and bulk edit (`v5/admin/products/import/`, `.../bulk/`). */
export const adminCatalogueCsvErrors = {
  'admin.csv_too_big': {
    es: 'El archivo pesa demasiado: como máximo {max} MB.',
    en: 'The file is too big: at most {max} MB.',
  },
  'admin.csv_too_many_rows': {
    es: 'El archivo tiene más de {max} productos; divídelo en varios archivos.',
    en: 'The file has more than {max} products; split it into several files.',
  },
  'admin.csv_empty': {
    es: 'El archivo no tiene productos.',
    en: 'The file has no products.',
  },
  'admin.csv_unreadable': {
    es: 'No se pudo leer el archivo como CSV (revisa las comillas cerca de la fila {row}).',
    en: 'The file could not be read as CSV (check the quotes near row {row}).',
  },
  'admin.csv_missing_column': {
    es: 'Falta la columna {column}.',
    en: 'The column {column} is missing.',
  },
  'admin.csv_unknown_column': {
    es: 'Columna desconocida: {column}. Usa las columnas del archivo exportado.',
    en: 'Unknown column: {column}. Use the columns of the exported file.',
  },
  'admin.csv_yes_no': {
    es: 'Escribe sí o no.',
    en: 'Write yes or no.',
  },
  'admin.csv_unknown_category': {
    es: 'No existe una categoría con ese nombre.',
    en: 'There is no category with that name.',
  },
  'admin.csv_unknown_product': {
    es: 'No existe un producto con ese uid en tu empresa.',
    en: 'There is no product with that uid in your company.',
  },
  'admin.csv_sku_of_another_product': {
    es: 'Ese SKU es de otro producto.',
    en: 'That SKU belongs to another product.',
  },
  'admin.csv_repeated_product': {
    es: 'El mismo producto ya está en la fila {row}.',
    en: 'The same product is already in row {row}.',
  },
  'admin.csv_coin_price_required': {
    es: 'Un producto canjeable necesita su precio en monedas.',
    en: 'A redeemable product needs its coin price.',
  },
  'admin.csv_bad_rows': {
    es: 'Corrige las filas marcadas; no se importó nada.',
    en: 'Fix the rows shown; nothing was imported.',
  },
  'admin.products_changed': {
    es: 'Otra persona cambió estos productos mientras los editabas: {titles}. Vuelve a cargarlos.',
    en: 'Someone else changed these products while you were editing them: {titles}. Reload them.',
  },
  'admin.bulk_place_required': {
    es: 'Elige el local del stock.',
    en: 'Choose the place of the stock.',
  },
} as const satisfies CatalogueEntries;
