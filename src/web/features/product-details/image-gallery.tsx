import { useState } from 'react';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';

/** The hero image with a thumbnail per view; thumbnails are buttons, so the keyboard can switch views too. */
export function ImageGallery({ images }: { images: ProductPageData['product']['images'] }) {
  const [index, setIndex] = useState(0);
  const hero = images[index] ?? images[0];
  if (!hero) return null;
  return (
    <section className="product__gallery" aria-label="Product images">
      {images.length > 1 ? (
        <ul className="gallery__thumbs">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={i === index}
                aria-label={`View image ${i + 1} of ${images.length}: ${image.altText}`}
                onClick={() => setIndex(i)}
                onMouseEnter={() => setIndex(i)}
              >
                <img src={image.url} alt="" width={48} height={48} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <img
        className="product__hero"
        src={hero.url}
        alt={hero.altText}
        width={hero.width}
        height={hero.height}
        fetchPriority="high"
        // The boot script starts the page's script once the browser reports this image painted (0034).
        elementtiming="main-image"
      />
    </section>
  );
}
