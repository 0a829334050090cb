// The smart-home badge's chunk: its component and styles, loaded after first paint.
import './smart-home.css';

export { SmartHomeBadge } from './smart-home-badge';
