/** What a Starlight text holds at most, in characters: checked by the server (src/server/desk/starlight.ts), announced by the desk's fields. */
export const STARLIGHT_LIMITS = { name: 120, city: 80, bio: 2000, seasonTitle: 200, seasonDescription: 2000, videoTitle: 200 } as const;
