// The list pages in the browser: their component and styles.
import './list-page.css';

export { ListPage } from './list-page';
