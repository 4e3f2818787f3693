/** Play and click tracking: the endpoint's handler and the shutdown flush. */
export { handleTrackingRequest, recordServerClicks } from './handler.ts';
