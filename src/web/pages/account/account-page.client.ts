// The account page in the browser: its component and its styles.
import './account-page.css';

export { AccountPage } from './account-page';
