// The service page in the browser: its component and its styles.
import './service-page.css';

export { ServicePage } from './service-page';
