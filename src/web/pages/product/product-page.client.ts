// The product page's styles: its own and those of the features every product page may show. Only the
// browser entry imports this module: Node cannot import CSS. The styles of the parts only some products
// have (the deal, grocery and business boxes, add-on services) are entries of their own in the client
// build (vite.config.ts, PRODUCT_PART_STYLES): the server inlines each only in a page that shows the part.
import './product-page.css';
import '../../features/buy-box/buy-box.css';
import '../../features/product-details/product-details.css';
import '../../features/delivery-location/delivery-location.css';
import '../../features/accessory-upsells/accessory-upsells.css';
