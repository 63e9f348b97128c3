import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs.tsx";
import { ProductReviews, type ReviewsData } from "./product-reviews.tsx";

export const PRODUCT_TABS = ["description", "info", "reviews"] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

/** The tab a page address asks for (`?tab=reviews`: a link that opens the reviews, also before the script has loaded). */
export function productTabFrom(value: string | null): ProductTab {
  return PRODUCT_TABS.find((tab) => tab === value) ?? "description";
}

/** The same for every product: spec §2 calls the Additional info tab "not data driven". */
const ADDITIONAL_INFO: [string, string][] = [
  ["Stand Up", '35"L x 24"W x 37-45"H (front to back wheel)'],
  ["Folded (w/o wheels)", '32.5"L x 18.5"W x 16.5"H'],
  ["Folded (w/ wheels)", '32.5"L x 24"W x 18.5"H'],
  ["Door Pass Through", '24"'],
  ["Frame", "Aluminum"],
  ["Weight (w/o wheels)", "20 LBS"],
  ["Weight Capacity", "60 LBS"],
  ["Width", '24"'],
  ["Handle height (ground to handle)", '37-45"'],
  ["Wheels", '12" air / wide track slick tread'],
  ["Seat back height", '21.5"'],
  ["Head room (inside canopy)", '25"'],
  ["Color", "Black, Blue, Red, White"],
  ["Size", "M, S"],
];

const tabClass =
  "border-b-2 border-transparent px-4 py-2 font-semibold text-gray-700 hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-brand-dark aria-selected:border-brand-dark aria-selected:text-brand-dark";

export function ProductTabs({
  tab,
  onTabChange,
  productId,
  description,
  rating,
  reviews,
}: {
  tab: ProductTab;
  onTabChange: (tab: ProductTab) => void;
  productId: string;
  description: string;
  rating: number;
  reviews: ReviewsData;
}) {
  return (
    <Tabs value={tab} onValueChange={onTabChange}>
      <TabList aria-label="Product information" className="flex flex-wrap gap-2 border-b border-gray-200">
        <Tab value="description" className={tabClass}>
          Description
        </Tab>
        <Tab value="info" className={tabClass}>
          Additional info
        </Tab>
        <Tab value="reviews" className={tabClass}>
          Reviews ({reviews.total})
        </Tab>
      </TabList>
      <TabPanel value="description" className="py-6 leading-relaxed text-gray-800 focus-visible:outline-2">
        <p>{description}</p>
      </TabPanel>
      <TabPanel value="info" className="py-6 focus-visible:outline-2">
        <table className="w-full max-w-3xl text-left text-sm">
          <caption className="sr-only">Additional information</caption>
          <tbody>
            {ADDITIONAL_INFO.map(([name, value]) => (
              <tr key={name} className="border-b border-gray-200">
                <th scope="row" className="w-1/3 py-2 pr-4 font-semibold">
                  {name}
                </th>
                <td className="py-2 text-gray-800">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabPanel>
      <TabPanel value="reviews" className="py-6 focus-visible:outline-2">
        <ProductReviews productId={productId} rating={rating} reviews={reviews} />
      </TabPanel>
    </Tabs>
  );
}
