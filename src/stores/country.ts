/**
 * The visitor's country flag (SPEC §3 "CurrentCountry", §4): 0 in Morocco,
 * 1 elsewhere. Set in the browser from the geo lookup; read by the ad
 * pre-roll to choose the provider (SPEC §2.10).
 */
import { atom } from 'nanostores';

export type CountryFlag = 0 | 1;

export const $country = atom<CountryFlag>(0);
