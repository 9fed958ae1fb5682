import type { CatalogueFile } from './import-format.ts';

// What every catalogue format is read into (docs/catalogue-import.md): our JSON file, a Shopify product CSV
// export and a Magento 2 catalog_product export all become one CatalogueFile. Its picture fields (seller logo
// and banner, product and variant images, sizing charts, gift card MMS templates) still hold the references
// as the file wrote them (a path relative to the file, a data: URL, an http(s) URL, or an existing /media/...
// path) until the media store has taken them in (modules/media/catalogue-pictures.ts).

export interface ParsedCatalogue {
  file: CatalogueFile;
  /**
   * Every distinct picture reference in the file, with where it first appears, for error messages:
   * `products[3].images[0]` for our JSON, `row 12, column Image Src` for a CSV.
   */
  pictureLocations: Map<string, string>;
  /** What the operator should know that does not stop the import (categories folded, say). */
  warnings: string[];
}
