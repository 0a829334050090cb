// The sign-in page in the browser: its component and its styles.
import './sign-in-page.css';

export { SignInPage } from './sign-in-page';
