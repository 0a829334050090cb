// The help page in the browser (it has no styles of its own).
export { HelpPage } from './help-page';
