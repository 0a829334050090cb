// `elementtiming` (the Element Timing API) is a plain HTML attribute React passes through; its types
// don't list it yet.
import 'react';

declare module 'react' {
  interface ImgHTMLAttributes<T> {
    elementtiming?: string;
  }
}
