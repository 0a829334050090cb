// The bundles ingress chunk: its component and the feature's styles, loaded after first paint.
import './bundles.css';

export { BundlesIngress } from './bundles-ingress';
