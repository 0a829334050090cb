// The product page's styles: its own and those of the features it composes, the deal box's included (its
// code loads later, but the server renders it in full on deal pages). Only the browser entry imports
// this module: Node cannot import CSS.
import './product-page.css';
import '../../features/buy-box/buy-box.css';
import '../../features/product-details/product-details.css';
import '../../features/delivery-location/delivery-location.css';
import '../../features/accessory-upsells/accessory-upsells.css';
import '../../features/add-on-services/add-on-services.css';
import '../../features/deal-buy-box/deal-buy-box.css';
import '../../ui/quantity/quantity.css';
import '../../features/grocery/grocery.css';
import '../../features/business-buying/business-buying.css';
