// The grocery pages in the browser: their component and styles.
import './grocery-page.css';

export { GroceryPage } from './grocery-page';
