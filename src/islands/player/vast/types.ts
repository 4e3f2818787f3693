/**
 * The parts of @dailymotion/vast-client's parsed objects the pre-roll reads
 * (the package types them as `any`).
 */
export interface VastMediaFile {
  fileURL: string | null;
  mimeType: string | null;
  deliveryType: string | null;
  apiFramework: string | null;
  width: number;
  height: number;
  bitrate: number;
}

export interface VastLinearCreative {
  type: 'linear';
  duration: number;
  skipDelay: number | null;
  mediaFiles: VastMediaFile[];
  videoClickThroughURLTemplate: { id: string | null; url: string } | string | null;
}

export interface VastAd {
  id: string | null;
  creatives: Array<{ type: string }>;
}

/** A chosen ad: the parsed ad, its linear creative and the media file to play. */
export interface ChosenAd {
  ad: VastAd;
  creative: VastLinearCreative;
  media: VastMediaFile & { fileURL: string };
}

/** A failure while requesting or playing the ad; `vastCode` is the IAB VAST error code. */
export class AdError extends Error {
  readonly vastCode: number;
  constructor(message: string, vastCode: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AdError';
    this.vastCode = vastCode;
  }
}

/** IAB VAST error codes used here. */
export const VAST_ERROR = {
  /** General linear error: the media file could not be displayed. */
  LINEAR: 400,
  /** Timeout of the media file (did not start, or stalled). */
  MEDIA_TIMEOUT: 402,
  /** No media file of a supported type. */
  NO_SUPPORTED_MEDIA: 403,
  /** Problem displaying the media file. */
  MEDIA_DISPLAY: 405,
  /** Undefined error (network, XML, timeout of the VAST request). */
  UNDEFINED: 900,
} as const;
