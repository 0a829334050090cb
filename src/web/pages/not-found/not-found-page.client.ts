// The not-found page in the browser (it has no styles of its own).
export { NotFoundPage } from './not-found-page';
