import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import {
  ACCESSORY_IMAGE_UPDATE_DELAY_MS,
  type AccessoryOption,
  accessoryProductPath,
} from '../../../domain/accessories/accessories';
import type { AccessorySlotView } from '../../../shared/contracts/accessories';
import { Popover } from '../../ui/popover';
import { AccessoryNotes, AccessoryPrice } from './accessory-block';

/**
 * ACC-001/008/009: choose a variation of an accessory. "Add to order" (or "Update") keeps the choice
 * and adds the accessory; closing any other way restores the variation chosen before.
 */
export default function VariationPopover({
  slot,
  option,
  wasAdded,
  anchorRef,
  onChoose,
  onConfirm,
  onClose,
}: {
  slot: AccessorySlotView;
  option: AccessoryOption;
  wasAdded: boolean;
  anchorRef: RefObject<HTMLElement | null>;
  onChoose: (asin: string) => void;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const groupId = useId();
  const selected = slot.variations.find((v) => v.asin === option.selectedAsin) ?? slot.variations[0];
  // ACC-023: the picture follows the chosen swatch after the image update delay.
  const [pictured, setPictured] = useState(option.selectedAsin);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const picture = slot.variations.find((v) => v.asin === pictured) ?? selected;
  const firstRadio = useRef<HTMLInputElement>(null);
  if (!selected || !picture) return null;

  const choose = (asin: string) => {
    onChoose(asin);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPictured(asin), ACCESSORY_IMAGE_UPDATE_DELAY_MS);
  };

  return (
    <Popover
      open
      onClose={onClose}
      anchorRef={anchorRef}
      title={
        slot.variations.length > 1
          ? `Choose a ${(selected.visualDimension ?? 'option').toLowerCase()}`
          : 'Quick look'
      }
      width={360}
      initialFocusRef={firstRadio}
    >
      <div className="variation-popover">
        <img
          className="variation-popover__image"
          src={picture.hiResImage}
          alt={picture.title}
          width={120}
          height={120}
          data-asin={picture.asin}
        />
        <div className="variation-popover__details">
          <a href={accessoryProductPath(selected.asin)} className="variation-popover__title">
            {selected.title}
          </a>
          <AccessoryPrice variation={selected} />
          <AccessoryNotes variation={selected} />
          <p className="variation-popover__merchant">Sold by {selected.merchantName}</p>
        </div>
      </div>
      {slot.variations.length > 1 ? (
        <fieldset className="variation-popover__swatches">
          <legend id={groupId}>
            {selected.visualDimension ?? 'Option'}: <strong>{selected.swatchValue}</strong>
          </legend>
          {slot.variations.map((variation, index) => (
            <label key={variation.asin} className="swatch">
              <input
                ref={variation.asin === selected.asin || (index === 0 && !selected) ? firstRadio : undefined}
                type="radio"
                name={`variation-${slot.slot}`}
                value={variation.asin}
                checked={variation.asin === selected.asin}
                onChange={() => choose(variation.asin)}
              />
              <img src={variation.lowResImage} alt="" width={40} height={40} />
              <span>{variation.swatchValue ?? variation.title}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {selected.featureBullets.length > 0 ? (
        <ul className="variation-popover__bullets">
          {selected.featureBullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="button button--cart button--wide" onClick={onConfirm}>
        {wasAdded ? 'Update' : 'Add to order'}
      </button>
    </Popover>
  );
}
