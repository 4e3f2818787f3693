/** SPEC §7.2: video paths. */
export const videoRoutes = [];
