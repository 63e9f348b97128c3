import { accessoryDrawings } from "./drawings/accessories.ts";
import { apparelDrawings } from "./drawings/apparel.ts";
import { consumableDrawings } from "./drawings/consumables.ts";
import { deviceAndHomeDrawings } from "./drawings/devices-home.ts";

/** Every product kind the image generator can draw, by name. */
export const illustrations = {
  ...apparelDrawings,
  ...accessoryDrawings,
  ...deviceAndHomeDrawings,
  ...consumableDrawings,
};

export type Illustration = keyof typeof illustrations;
