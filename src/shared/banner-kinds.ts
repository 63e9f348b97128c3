// The home page's banner kinds and what the back office calls them: no zod here, so the banners page's browser code
// can name them without bringing a validation library along (decision 029).

export const bannerKindValues = ["home", "row", "side", "bottom"] as const;
/** What each kind is on the home page (src/db/schema/catalog.ts names the API list of each). */
export const bannerKindLabels: Record<(typeof bannerKindValues)[number], string> = {
  home: "Carousel (top of the home page)",
  row: "Row (under the carousel)",
  side: "Side (beside the lists, also on category pages)",
  bottom: "Bottom (end of the home page)",
};
