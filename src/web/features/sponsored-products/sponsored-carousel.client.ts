// The sponsored carousel's chunk: its component and styles, loaded after first paint.
import './sponsored.css';

export { SponsoredCarousel } from './sponsored-carousel';
