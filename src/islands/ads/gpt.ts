/**
 * The Google Publisher Tag display provider (ADR 008), used only
 * when AD_DISPLAY_PROVIDER / AD_DISPLAY_PROVIDER_ABROAD say `gpt`: loads
 * gpt.js once, polls every 500 ms until its API is ready (docs/product.md, Limits), then
 * defines each slot (an out-of-page slot for the footer's invisible ones),
 * sets its targeting, displays it and waits for `slotRenderEnded` to know
 * whether it was filled. A refresh sets the new targeting and asks GPT to
 * refresh the slot; leaving destroys it.
 */
import { AD_SCRIPT_POLL_MS, type AdTargeting } from '../../lib/ads/display.ts';
import type { DisplayProvider, ServedAd, SlotRequest } from './provider.ts';

/** The part of googletag this adapter uses. */
interface GptSlot {
  addService(service: GptPubAds): GptSlot;
  setTargeting(key: string, value: string | string[]): GptSlot;
  clearTargeting(key?: string): GptSlot;
  getSlotElementId(): string;
}
interface GptRenderEnded {
  slot: GptSlot;
  isEmpty: boolean;
}
interface GptPubAds {
  addEventListener(type: 'slotRenderEnded', listener: (event: GptRenderEnded) => void): GptPubAds;
  refresh(slots?: GptSlot[]): void;
  enableSingleRequest?(): boolean;
}
interface Googletag {
  apiReady?: boolean;
  cmd: { push(...fns: (() => void)[]): unknown } | (() => void)[];
  defineSlot(unit: string, sizes: number[][], divId: string): GptSlot | null;
  defineOutOfPageSlot(unit: string, divId: string): GptSlot | null;
  pubads(): GptPubAds;
  enableServices(): void;
  display(divId: string): void;
  destroySlots(slots?: GptSlot[]): boolean;
}

type GptWindow = Window & { googletag?: Googletag };

/** How many polls (of 500 ms) before GPT is declared unavailable. */
const GPT_MAX_POLLS = 20;
/** How long a slot waits for GPT's slotRenderEnded before giving up. */
const GPT_RENDER_TIMEOUT_MS = 10_000;

let ready: Promise<Googletag> | null = null;

/**
 * gpt.js, loaded once; rejects (and may be tried again later) when it fails or is never ready.
 * @public tests/e2e/display-ads.spec.ts imports it in a browser bundle, by string.
 */
export function loadGpt(scriptUrl: string, pollMs = AD_SCRIPT_POLL_MS, maxPolls = GPT_MAX_POLLS): Promise<Googletag> {
  ready ??= new Promise<Googletag>((resolve, reject) => {
    const w = window as GptWindow;
    w.googletag ??= { cmd: [] } as unknown as Googletag;
    let polls = 0;
    let timer = 0;
    const fail = (error: Error) => {
      window.clearInterval(timer);
      ready = null;
      reject(error);
    };
    const script = document.createElement('script');
    script.async = true;
    script.src = scriptUrl;
    script.onerror = () => fail(new Error(`GPT script failed to load: ${scriptUrl}`));
    document.head.append(script);
    const check = () => {
      const gt = w.googletag;
      if (gt?.apiReady) {
        window.clearInterval(timer);
        resolve(gt);
      } else if (++polls >= maxPolls) fail(new Error('GPT not ready'));
    };
    timer = window.setInterval(check, pollMs);
  });
  return ready;
}

/** Runs `fn` through googletag.cmd (GPT's queue), resolving with its result. */
function run<T>(gt: Googletag, fn: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    gt.cmd.push(() => {
      try {
        resolve(fn());
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

const waiting = new Map<string, (filled: boolean) => void>();
let servicesEnabled = false;

function setTargeting(slot: GptSlot, targeting: AdTargeting): void {
  slot.clearTargeting();
  for (const [key, value] of targeting) slot.setTargeting(key, value);
}

function rendered(divId: string): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    const timer = window.setTimeout(() => {
      waiting.delete(divId);
      reject(new Error(`GPT: no slotRenderEnded for ${divId}`));
    }, GPT_RENDER_TIMEOUT_MS);
    waiting.set(divId, (filled) => {
      window.clearTimeout(timer);
      waiting.delete(divId);
      resolve(filled);
    });
  });
}

export function gptProvider(scriptUrl: string): DisplayProvider {
  const serve = async (req: SlotRequest): Promise<ServedAd> => {
    const gt = await loadGpt(scriptUrl);
    const divId = req.container.id;
    const slot = await run(gt, () => {
      if (!servicesEnabled) {
        gt.pubads().addEventListener('slotRenderEnded', (event) => waiting.get(event.slot.getSlotElementId())?.(!event.isEmpty));
      }
      const s =
        req.kind === 'out-of-page'
          ? gt.defineOutOfPageSlot(req.unit, divId)
          : gt.defineSlot(
              req.unit,
              req.sizes.map(([w, h]) => [w, h]),
              divId,
            );
      if (!s) throw new Error(`GPT refused the slot ${req.unit} in #${divId}`);
      s.addService(gt.pubads());
      setTargeting(s, req.targeting);
      if (!servicesEnabled) {
        gt.enableServices();
        servicesEnabled = true;
      }
      return s;
    });
    let destroyed = false;
    const served = (filled: boolean): ServedAd => ({
      filled,
      house: null,
      refresh: async (targeting: AdTargeting) => {
        const done = rendered(divId);
        await run(gt, () => {
          setTargeting(slot, targeting);
          gt.pubads().refresh([slot]);
        });
        return served(await done);
      },
      destroy: () => {
        if (destroyed) return;
        destroyed = true;
        waiting.delete(divId);
        void run(gt, () => gt.destroySlots([slot]));
      },
    });
    const done = rendered(divId);
    await run(gt, () => gt.display(divId));
    return served(await done);
  };
  return { name: 'gpt', serve };
}
