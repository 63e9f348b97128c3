import { type CategoryWords, defineCategory, gemAccents } from "./word-table.ts";

const clothingFeatures = [
  "Cut from breathable {color} fabric that stays comfortable through long summer days.",
  "This {noun} keeps its shape and colour wash after wash.",
  "Pair it with denims or chinos for an easy smart-casual look.",
  "Tailored for an easy fit across the shoulders, with room to move.",
  "Machine washable; wash dark colours separately the first time.",
  "Finished with neat stitching and durable seams.",
];

/**
 * The demo shop's categories, their invented brands (no real company's trademark) and the words product names and
 * descriptions are built from. Order matters: it is the categories' position.
 */
export const catalogWords: readonly CategoryWords[] = [
  defineCategory({
    name: "Fashion",
    slug: "fashion",
    iconColor: "#e11d48",
    color: "#fde2e4",
    icon: "tshirt",
    colorSet: "fabric",
    brands: ["Urbanloom", "Threadcraft", "Kaveri Weaves", "Northfold", "Indigo Lane", "Mistral & Co", "Saffron Street"],
    features: clothingFeatures,
    subCategories: [
      `Men | clothing-size
        shirt    | shirt            | 599-2499 | - | Men's + Slim Fit / Regular Fit / Relaxed Fit + Cotton / Linen / Oxford / Poplin + Casual / Formal / Checked / Striped / Solid + Shirt
        tshirt   | T-shirt          | 299-1499 | - | Men's + Round Neck / Polo / V-Neck / Henley + Cotton / Quick-Dry / Jersey / Pique + Graphic / Solid / Striped + T-Shirt
        trousers | pair of trousers | 799-2999 | - | Men's + Slim Fit / Straight Fit / Tapered Fit + Stretch / Mid-Rise / Washed + Jeans / Chinos / Trousers / Cargo Pants
        kurta    | kurta            | 699-3499 | - | Men's + Cotton / Silk Blend / Linen / Khadi + Embroidered / Printed / Solid / Chikankari + Straight / Short / Long + Kurta
        jacket   | jacket           | 1299-4999 | - | Men's + Quilted / Denim / Bomber / Hooded + Full-Sleeve / Lightweight / Winter + Jacket`,
      `Women | clothing-size
        dress    | dress            | 699-3999 | - | Women's + Floral Print / Solid / Polka Dot / Tiered / Smocked + A-Line / Fit and Flare / Maxi / Midi / Wrap + Dress
        kurta    | kurta            | 499-2999 | - | Women's + Embroidered / Block Print / Bandhani / Mirror Work / Printed + Cotton / Rayon / Chanderi / Georgette + Kurti / Anarkali Kurta / Straight Kurta
        tshirt   | top              | 299-1499 | - | Women's + Ribbed / Relaxed / Cropped / Boxy + Cotton / Modal / Jersey + Top / T-Shirt / Tunic
        trousers | pair of trousers | 599-2499 | - | Women's + High-Rise / Mid-Rise / Wide-Leg / Straight + Stretch / Linen / Cotton + Jeans / Palazzo Pants / Trousers / Culottes`,
      `Kids | clothing-size
        tshirt   | T-shirt          | 299-899  | - | Boys' / Girls' / Kids' + Printed / Cartoon Print / Striped / Solid + Cotton + T-Shirt / Top
        dress    | dress            | 399-1999 | - | Girls' + Floral / Party / Tutu / Frill + Cotton / Net + Frock / Dress
        trousers | pair of bottoms  | 349-1299 | - | Boys' / Kids' + Elasticated / Cotton / Denim + Joggers / Shorts / Jeans / Track Pants
        jacket   | jacket           | 599-2499 | - | Kids' + Hooded / Fleece / Puffer / Zip-Up + Sweatshirt / Jacket / Hoodie`,
    ],
  }),
  defineCategory({
    name: "Electronics",
    slug: "electronics",
    iconColor: "#2563eb",
    color: "#dbeafe",
    icon: "phone",
    colorSet: "device",
    brands: ["Voltix", "Novaro", "Zentra", "Orbitel", "Lumora", "Kairon", "Auralis", "Pixelon"],
    features: [
      "Comes with a one-year manufacturer warranty and service support in major cities.",
      "The {color} finish resists fingerprints and everyday scuffs.",
      "Fast charging gets you from empty to a full day's use in under an hour.",
      "Bluetooth 5.3 keeps the connection stable across the room.",
      "Light enough to carry all day.",
      "Regular software updates keep this {noun} secure and up to date.",
    ],
    subCategories: [
      `Mobiles | ram
        phone | smartphone | 6999-79999 | - | Astra / Nova / Pulse / Vega / Zen / Orion / Lyra + 5 / 7 / 9 / 11 / 12 / X2 / S3 + Pro / Plus / Lite / Max / + 5G Smartphone / 4G Smartphone + (64GB Storage) / (128GB Storage) / (256GB Storage)`,
      `Laptops | ram
        laptop | laptop | 24999-149999 | - | Slate / Vector / Aero / Quill / Titan + 14 / 15 / 16 + Thin and Light / Gaming / Business / 2-in-1 + Laptop + (Quad-Core, 256GB SSD) / (Hexa-Core, 512GB SSD) / (Octa-Core, 1TB SSD)`,
      `Smart Watches | -
        watch | smart watch | 1499-24999 | - | Pulse / Fit / Active / Sport / Classic + Smart Watch + 2 / 3 / 4 / Pro / Lite + with AMOLED Display / with Bluetooth Calling / with SpO2 Monitor / with Built-in GPS`,
      `Cameras | -
        camera | camera | 14999-89999 | - | Mirrorless / DSLR / Compact + Camera + 20MP / 24MP / 32MP + with 18-55mm Lens / Body Only / with 4K Video
        camera | camera | 4999-19999  | - | Action / Instant + Camera + 12MP / 16MP + with Waterproof Case / with Wi-Fi`,
      `Audio | -
        headphones | pair of headphones | 999-19999 | - | Wireless / Over-Ear / On-Ear / Noise Cancelling + Bluetooth Headphones + with 40H Playback / with Mic / with Deep Bass
        speaker    | speaker            | 999-14999 | - | Portable / Waterproof / Mini / Party + Bluetooth Speaker + 5W / 10W / 20W / 40W`,
    ],
  }),
  defineCategory({
    name: "Bags",
    slug: "bags",
    iconColor: "#d97706",
    color: "#fef3c7",
    icon: "backpack",
    colorSet: "bags",
    brands: ["Trailmark", "Carryon Co", "Wanderly", "Satchel & Stone", "Packwise", "Nomad Trunk"],
    features: [
      "Padded compartments keep a laptop and daily essentials organised.",
      "The {color} body is water-resistant and easy to wipe clean.",
      "Heavy-duty zips and reinforced stitching are built for daily use.",
      "Adjustable straps spread the weight comfortably.",
      "Roomy enough for a weekend away, compact enough for the daily commute.",
    ],
    subCategories: [
      `Backpacks | -
        backpack | backpack | 699-4999 | - | Urban / Travel / Laptop / College / Anti-Theft + Backpack + 20L / 25L / 30L / 35L + with USB Port / with Rain Cover / Water-Resistant /`,
      `Handbags | -
        handbag | bag | 599-4999 | - | Women's + Faux Leather / Canvas / Quilted / Woven + Tote / Shoulder Bag / Satchel / Sling Bag / Handbag`,
      `Luggage | -
        suitcase | suitcase | 1999-7999 | - | Cabin / Medium / Large + Hard-Shell / Soft-Sided / Polycarbonate + Trolley Bag / Suitcase + 55cm / 65cm / 75cm + with 4 Spinner Wheels / with Number Lock /`,
    ],
  }),
  defineCategory({
    name: "Footwear",
    slug: "footwear",
    iconColor: "#4f46e5",
    color: "#e0e7ff",
    icon: "sneaker",
    colorSet: "shoes",
    brands: ["Stridelane", "Stepwell", "Pacewalk", "Kicksmith", "Cobbler & Co", "Trekfoot"],
    features: [
      "A cushioned footbed absorbs shock on long walks.",
      "The anti-skid rubber sole grips well on wet floors.",
      "The {color} upper is light and breathable.",
      "True to size; choose one size up for a relaxed fit.",
      "Easy to clean with a damp cloth.",
    ],
    subCategories: [
      `Men | shoe-size
        sneaker | pair of sneakers | 799-4999 | -       | Men's + Running / Walking / Casual / Training + Lace-Up / Slip-On / Mesh + Sneakers / Shoes
        oxford  | pair of shoes    | 999-5999 | leather | Men's + Leather / Faux Leather / Suede + Formal + Oxford / Derby / Loafer + Shoes
        sandal  | pair of sandals  | 399-1999 | leather | Men's + Comfort / Outdoor / Casual + Sandals / Flip-Flops / Sliders`,
      `Women | shoe-size
        heel    | pair of heels    | 799-3999 | - | Women's + Block Heel / Stiletto / Kitten Heel / Wedge + Pumps / Sandals / Mules
        sneaker | pair of sneakers | 799-3999 | - | Women's + Running / Casual / Platform + Sneakers
        sandal  | pair of flats    | 399-2499 | - | Women's + Embellished / Strappy / Kolhapuri-Style / Casual + Flats / Sandals / Juttis`,
      `Kids | shoe-size
        sneaker | pair of shoes    | 399-1999 | - | Kids' / Boys' / Girls' + Light-Up / Velcro / Sports / Canvas + Sneakers / Shoes
        sandal  | pair of sandals  | 399-1499 | - | Kids' + Cushioned / Waterproof / Everyday + Sandals / Clogs`,
    ],
  }),
  defineCategory({
    name: "Groceries",
    slug: "groceries",
    iconColor: "#16a34a",
    color: "#dcfce7",
    icon: "fruit",
    colorSet: "packs",
    brands: ["Annapurna Farms", "Green Basket", "Desi Harvest", "Morning Mill", "Kisan Fresh", "Spice Route", "Nutrivale"],
    features: [
      "Sourced directly from farms and packed fresh.",
      "No artificial colours or preservatives.",
      "Store in a cool, dry place and keep sealed after opening.",
      "A pantry favourite for everyday home cooking.",
      "Hygienically packed and quality checked at every step.",
    ],
    subCategories: [
      `Fruits & Vegetables | weight
        fruit  | fruit     | 79-399 | redFruit   | Fresh + Shimla Apples / Royal Gala Apples / Pomegranates / Desi Tomatoes
        fruit  | fruit     | 79-349 | greenFruit | Fresh + Green Apples / Guavas / Pears
        citrus | fruit     | 49-299 | citrus     | Fresh + Nagpur Oranges / Kinnow / Sweet Lime / Alphonso Mangoes
        carrot | vegetable | 49-149 | carrot     | Fresh + Ooty Carrots / Red Carrots / Organic Carrots
        leafy  | vegetable | 49-199 | greens     | Fresh + Broccoli / Spinach Bunch / Methi Leaves / Coriander Bunch`,
      `Staples | weight
        packet | staple | 69-899  | -    | Premium / Organic / Everyday / Chakki Fresh + Basmati Rice / Whole Wheat Atta / Toor Dal / Moong Dal / Besan / Poha / Sugar
        jar    | staple | 199-899 | -    | Pure / Organic / A2 + Cow Ghee / Wild Honey / Mango Pickle / Peanut Butter
        bottle | oil    | 149-599 | oils | Cold-Pressed / Pure / Refined + Mustard Oil / Groundnut Oil / Sunflower Oil / Coconut Oil`,
      `Snacks | weight
        packet | snack | 49-299 | - | Masala / Classic Salted / Peri Peri / Cream & Onion / Tangy Tomato + Potato Chips / Banana Chips / Nachos / Bhujia / Makhana
        packet | snack | 49-399 | - | Butter / Choco Chip / Oats / Jeera / Multigrain + Cookies / Biscuits / Rusk`,
      `Beverages | weight
        bottle | juice  | 79-299  | juices | Mixed Fruit / Mango / Orange / Guava / Lychee + Juice / Nectar
        jar    | tea    | 99-899  | -      | Assam / Darjeeling / Masala / Green + Tea / Tea Leaves
        jar    | coffee | 149-899 | -      | South Indian Filter / Instant / Cold Brew + Coffee / Coffee Powder`,
    ],
  }),
  defineCategory({
    name: "Beauty",
    slug: "beauty",
    iconColor: "#db2777",
    color: "#fce7f3",
    icon: "lipstick",
    colorSet: "beauty",
    brands: ["Rosette", "Glowberry", "Velvetine", "Kesar Naturals", "Aurae", "Petal & Pout"],
    features: [
      "Dermatologically tested and suitable for all skin types.",
      "Free from parabens and sulphates.",
      "Long-lasting, lightweight and comfortable to wear all day.",
      "Cruelty-free: never tested on animals.",
      "Enriched with vitamin E and natural oils.",
    ],
    subCategories: [
      `Makeup | -
        lipstick | lipstick | 199-1499 | lipShades  | Matte / Creamy / Liquid / Velvet + Lipstick + - {Color}
        compact  | compact  | 249-999  | skinShades | Oil-Control / Matte Finish / HD + Compact Powder / Foundation + - {Color}`,
      `Skincare | -
        tube    | face care | 149-999  | - | Vitamin C / Aloe Vera / Neem / Charcoal / Hyaluronic + Face Wash / Moisturiser / Sunscreen SPF 50 / Face Cream
        dropper | serum     | 299-1499 | - | Niacinamide 10% / Vitamin C 15% / Retinol / Hyaluronic Acid + Face Serum + 30ml / 50ml`,
      `Haircare | -
        pumpBottle | hair care | 149-899 | - | Onion / Argan Oil / Anti-Dandruff / Keratin / Hibiscus + Shampoo / Conditioner + 200ml / 400ml / 1L
        bottle     | hair oil  | 99-599  | - | Coconut / Almond / Amla / Bhringraj + Hair Oil + 100ml / 200ml`,
      `Fragrances | -
        perfume | fragrance | 299-2999 | - | Oud / Citrus / Floral / Musk / Aqua + Eau de Parfum / Eau de Toilette / Body Mist + for Men / for Women / Unisex + 50ml / 100ml`,
    ],
  }),
  defineCategory({
    name: "Wellness",
    slug: "wellness",
    iconColor: "#0d9488",
    color: "#ccfbf1",
    icon: "capsuleJar",
    colorSet: "wellness",
    brands: ["Vitalroot", "Ayurnest", "FitForge", "PureLeaf Wellness", "Balance Lab", "Prana Living"],
    features: [
      "Made in a GMP-certified facility and tested for purity.",
      "Part of a balanced routine of diet, sleep and exercise.",
      "Vegetarian and free from added sugar.",
      "Built to last through daily workouts at home or in the gym.",
      "Consult your doctor before use if you are pregnant or on medication.",
    ],
    subCategories: [
      `Vitamins & Supplements | -
        capsuleJar | supplement     | 299-1999 | - | Multivitamin / Vitamin D3 / Omega-3 / Biotin / Calcium + Tablets / Capsules / Softgels + 30 Count / 60 Count / 90 Count
        jar        | protein powder | 999-4999 | - | Whey / Plant / Isolate + Protein Powder + Chocolate / Vanilla / Kesar Pista + 500g / 1kg / 2kg`,
      `Fitness | -
        dumbbell | pair of dumbbells | 499-4999 | - | Hex / Neoprene / Vinyl / Adjustable + Dumbbells Pair + (2kg) / (5kg) / (10kg)
        yogaMat  | yoga mat          | 499-1999 | - | Anti-Skid / Eco-Friendly / Extra-Thick + Yoga Mat + 4mm / 6mm / 8mm`,
      `Personal Care | -
        pumpBottle | body care | 149-599 | - | Herbal / Moisturising / Antibacterial + Hand Wash / Body Wash / Body Lotion + 250ml / 500ml
        tube       | toothpaste | 99-399 | - | Herbal / Whitening / Sensitive / Charcoal + Toothpaste + 100g / 150g`,
      `Ayurveda | -
        capsuleJar | remedy | 199-999 | - | Triphala / Giloy / Tulsi / Brahmi / Ashwagandha + Tablets / Capsules / Churna
        bottle     | juice  | 199-599 | - | Amla / Aloe Vera / Karela Jamun / Wheatgrass + Juice + 500ml / 1L`,
    ],
  }),
  defineCategory({
    name: "Jewellery",
    slug: "jewellery",
    iconColor: "#a21caf",
    color: "#fae8ff",
    icon: "ring",
    colorSet: "metal",
    accents: gemAccents,
    brands: ["Suvarna Crafts", "Moonstone & Co", "Kundan House", "Lustre Lane", "Silverbell", "Aurum Atelier"],
    features: [
      "Nickel-free and gentle on sensitive skin.",
      "Hand-finished by artisans with a {color} polish that keeps its shine.",
      "Arrives in a gift box, ready for festivals and weddings.",
      "Store in a dry pouch and keep away from perfume to preserve the finish.",
      "Light enough to wear all day.",
    ],
    subCategories: [
      `Rings | -
        ring | ring | 299-9999 | - | {Color}-Plated + Solitaire / Cocktail / Band / Stackable + Ring`,
      `Necklaces | -
        necklace | necklace | 499-14999 | - | {Color}-Plated + Kundan / Pearl / Temple / Layered / Pendant + Necklace / Choker / Chain`,
      `Earrings | -
        earrings | pair of earrings | 299-4999 | - | {Color}-Plated + Jhumka / Chandbali / Drop / Meenakari + Earrings`,
      `Bangles | -
        bangle | bangle set | 299-6999 | - | {Color}-Plated + Kada / Bangles Set of 2 / Bangles Set of 4 / Cuff Bracelet`,
    ],
  }),
  defineCategory({
    name: "Home & Kitchen",
    slug: "home-kitchen",
    iconColor: "#ea580c",
    color: "#ffedd5",
    icon: "pan",
    colorSet: "home",
    brands: ["Hearthware", "Kitchwise", "Casa Nila", "Homestead Living", "Ember & Oak", "Tavaware"],
    features: [
      "Food-safe materials, free from harmful coatings.",
      "Works on gas stoves and induction cooktops.",
      "The {color} finish adds warmth to any room.",
      "Easy to clean and built for years of daily use.",
      "Makes a thoughtful housewarming gift.",
    ],
    subCategories: [
      `Cookware | -
        pan            | pan             | 499-3999 | cookware | Non-Stick / Cast Iron / Hard Anodised + Frying Pan / Tawa / Kadai / Wok + 24cm / 26cm / 28cm
        pressureCooker | pressure cooker | 999-4999 | steel    | Stainless Steel / Aluminium / Hard Anodised + Pressure Cooker + 2L / 3L / 5L`,
      `Dining | -
        mug | mug | 199-1499 | - | Ceramic / Stoneware / Hand-Painted / Matte + Coffee Mug / Tea Cup Set / Mug Set of 2`,
      `Home Decor | -
        lamp    | lamp         | 999-5999 | - | Wooden / Ceramic / Rattan / Metal + Table Lamp / Floor Lamp / Bedside Lamp
        vase    | vase         | 299-2999 | - | Ceramic / Glass / Terracotta / Brass + Flower Vase / Planter
        cushion | cushion cover | 199-1499 | - | Cotton / Velvet / Jute / Embroidered + Cushion Cover / Cushion Covers Set of 2 + 16x16 inch / 18x18 inch`,
      `Kitchen Storage | -
        jar | storage jar | 199-1999 | - | Airtight / Glass / Steel + Storage Container Set / Spice Jar Set / Canister`,
    ],
  }),
];
