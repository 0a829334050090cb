// The registry pages in the browser: their component and their styles.
import './registries-page.css';

export { RegistriesPage } from './registries-page';
