/**
 * The visitor's country flag (docs/product.md, Content "CurrentCountry", States): 0 in Morocco,
 * 1 elsewhere. Set in the browser from the geo lookup; read by the ad
 * pre-roll to choose the provider (docs/product.md, Ads).
 */
import { atom } from 'nanostores';

export type CountryFlag = 0 | 1;

export const $country = atom<CountryFlag>(0);
