/**
 * Demo catalogue: four student stores and about 60 listings of the things
 * students trade, with naira prices as they are on campus, stock levels that
 * show every state (sold out, low, plenty) and a few ratings.
 */
export interface DemoStore {
  key: string;
  owner: { firstName: string; lastName: string; local: string };
  catalogueName: string;
  storeDescription: string;
  location: string;
  phoneNumber: string;
  bankName: string;
  accountNumber: string;
  hue: number;
}

export interface DemoListing {
  store: string;
  category: string;
  name: string;
  description: string;
  /** Naira, as typed by a seller. */
  price: string;
  originalPrice?: string;
  stock: number;
  /** Ratings 1..5 given by other demo users. */
  ratings?: Array<{ rating: number; review: string }>;
  photos?: number;
}

export const DEMO_STORES: DemoStore[] = [
  {
    key: 'gadgets',
    owner: { firstName: 'Chinedu', lastName: 'Okeke', local: 'gadgethub' },
    catalogueName: 'Gadget Hub',
    storeDescription: 'Fairly used and new phones, laptops and accessories. Every device tested before pickup.',
    location: 'Block C, Kings Hall',
    phoneNumber: '08031234501',
    bankName: 'GTBank',
    accountNumber: '0123456701',
    hue: 210,
  },
  {
    key: 'books',
    owner: { firstName: 'Fatima', lastName: 'Bello', local: 'booknook' },
    catalogueName: 'Book Nook',
    storeDescription: 'Textbooks, past questions and stationery from finalists who are done with them.',
    location: 'Faculty of Science car park stand',
    phoneNumber: '08031234502',
    bankName: 'Access Bank',
    accountNumber: '0123456702',
    hue: 25,
  },
  {
    key: 'threads',
    owner: { firstName: 'Tolulope', lastName: 'Adeyemi', local: 'threads' },
    catalogueName: 'Threads by Tolu',
    storeDescription: 'Thrift and new clothes, shoes and beauty bits. Campus pickup or hostel delivery.',
    location: 'Queens Hall, Room 214',
    phoneNumber: '08031234503',
    bankName: 'Kuda Bank',
    accountNumber: '0123456703',
    hue: 320,
  },
  {
    key: 'hostel',
    owner: { firstName: 'Emeka', lastName: 'Nwosu', local: 'hostelhacks' },
    catalogueName: 'Hostel Hacks',
    storeDescription: 'Everything that makes a hostel room liveable, plus snacks for night reading.',
    location: 'Jaja Hall shop 3',
    phoneNumber: '08031234504',
    bankName: 'Opay',
    accountNumber: '0123456704',
    hue: 140,
  },
];

export const DEMO_LISTINGS: DemoListing[] = [
  // Gadget Hub
  { store: 'gadgets', category: 'phones-tablets', name: 'Apple iPhone 11 64GB', description: 'UK used, battery health 86%, Face ID working, no scratches on screen. Comes with case.', price: '235000', originalPrice: '260000', stock: 2, ratings: [{ rating: 5, review: 'Exactly as described, seller tested it with me.' }], photos: 2 },
  { store: 'gadgets', category: 'phones-tablets', name: 'Apple iPhone XR 128GB', description: 'Red, battery 81%, small dent on frame. Unlocked, works on all networks.', price: '185000', stock: 1 },
  { store: 'gadgets', category: 'phones-tablets', name: 'Samsung Galaxy A14 64GB', description: 'Brand new in box, dual SIM, 5000mAh battery, 1 year warranty.', price: '128000', stock: 4 },
  { store: 'gadgets', category: 'phones-tablets', name: 'Infinix Hot 30 128GB', description: 'Used for 4 months, still in perfect condition, with original charger.', price: '115000', stock: 3, ratings: [{ rating: 4, review: 'Good phone, charger was a bit slow.' }] },
  { store: 'gadgets', category: 'phones-tablets', name: 'Tecno Spark 10 Pro', description: '8GB RAM, 128GB storage, great camera for the price.', price: '98500', stock: 0 },
  { store: 'gadgets', category: 'phones-tablets', name: 'iPad 9th Gen 64GB WiFi', description: 'Perfect for reading slides and taking notes. Comes with pencil-compatible case.', price: '265000', stock: 1 },
  { store: 'gadgets', category: 'computers', name: 'HP EliteBook 840 G5', description: 'Core i5 8th gen, 8GB RAM, 256GB SSD, backlit keyboard. Battery lasts 4 hours.', price: '245000', stock: 3, ratings: [{ rating: 5, review: 'Runs Python and MATLAB smoothly.' }], photos: 2 },
  { store: 'gadgets', category: 'computers', name: 'Lenovo ThinkPad T470', description: 'Core i5, 8GB RAM, 500GB HDD. Solid for coding and assignments.', price: '185000', stock: 2 },
  { store: 'gadgets', category: 'computers', name: 'Dell Latitude 5490', description: 'Core i7, 16GB RAM, 512GB SSD. Fast, clean, comes with charger.', price: '320000', stock: 1 },
  { store: 'gadgets', category: 'computers', name: 'Apple MacBook Air 2017', description: '13 inch, 8GB RAM, 128GB SSD, Monterey installed.', price: '290000', stock: 0 },
  { store: 'gadgets', category: 'electronics', name: 'Oraimo FreePods 4 earbuds', description: 'Noise cancelling, 35 hours with case. New, sealed.', price: '18500', stock: 12 },
  { store: 'gadgets', category: 'electronics', name: 'Oraimo 20000mAh power bank', description: 'Charges a phone 4 times. Lifesaver during NEPA outages.', price: '16500', stock: 15, ratings: [{ rating: 5, review: 'Kept my phone alive all through exams.' }] },
  { store: 'gadgets', category: 'electronics', name: 'Casio fx-991ES Plus calculator', description: 'Approved for exams, original not fake. Cover included.', price: '14500', stock: 8 },
  { store: 'gadgets', category: 'electronics', name: 'JBL Go 3 Bluetooth speaker', description: 'Waterproof, loud enough for a room party.', price: '27000', stock: 5 },
  { store: 'gadgets', category: 'accessories', name: 'USB-C fast charger 25W', description: 'Works with Samsung, Infinix and Tecno phones.', price: '6500', stock: 20 },
  { store: 'gadgets', category: 'accessories', name: 'iPhone 11 silicone case', description: 'Soft touch, many colours. Tell me your colour after payment.', price: '3500', stock: 25 },
  { store: 'gadgets', category: 'accessories', name: 'Laptop backpack with USB port', description: 'Fits 15.6 inch laptops, water resistant.', price: '15000', stock: 6 },
  // Book Nook
  { store: 'books', category: 'books', name: 'Organic Chemistry by Morrison and Boyd', description: '7th edition, a few highlights in early chapters. CHM 201 and 202.', price: '9500', stock: 2, ratings: [{ rating: 4, review: 'Some pencil notes but very useful.' }] },
  { store: 'books', category: 'books', name: 'Engineering Mathematics by K.A. Stroud', description: '7th edition, clean copy. MTH 201 lifesaver.', price: '12000', stock: 3 },
  { store: 'books', category: 'books', name: 'Things Fall Apart by Chinua Achebe', description: 'Paperback, for GST and LIT 101.', price: '3500', stock: 10 },
  { store: 'books', category: 'books', name: 'Campbell Biology 11th edition', description: 'Hardcover, like new. BIO 101 and 102.', price: '18000', stock: 1 },
  { store: 'books', category: 'books', name: 'Principles of Economics by Mankiw', description: 'International edition, ECN 101. No missing pages.', price: '8500', stock: 0 },
  { store: 'books', category: 'books', name: 'Introduction to Algorithms (CLRS)', description: '3rd edition, for CSC 301. Heavy but worth it.', price: '22000', stock: 1 },
  { store: 'books', category: 'books', name: 'Past questions pack: 100 level sciences', description: 'MTH, PHY, CHM and BIO past questions from 2015 to 2024, spiral bound.', price: '2500', stock: 30, ratings: [{ rating: 5, review: 'Half the exam questions were in here.' }] },
  { store: 'books', category: 'books', name: 'Nigerian Constitution 1999 (annotated)', description: 'For law students, with 2023 amendments.', price: '6000', stock: 4 },
  { store: 'books', category: 'stationery', name: 'A4 hardcover notebooks (pack of 5)', description: '200 pages each, ruled.', price: '4500', stock: 40 },
  { store: 'books', category: 'stationery', name: 'Engineering drawing set', description: 'Set squares, compass, protractor and T-square. For GET 101.', price: '7500', stock: 7 },
  { store: 'books', category: 'stationery', name: 'Lab coat (white, all sizes)', description: 'Cotton lab coat for practicals. Sizes S to XXL.', price: '6500', stock: 9 },
  { store: 'books', category: 'stationery', name: 'Highlighters (pack of 6)', description: 'Pastel colours, chisel tip.', price: '2000', stock: 25 },
  { store: 'books', category: 'services', name: 'Typing and printing (per page)', description: 'Assignments, projects and CVs typed and printed. Same-day for under 20 pages.', price: '100', stock: 500 },
  { store: 'books', category: 'services', name: 'Project binding (hard cover)', description: 'Final year project binding with gold lettering. Ready in 48 hours.', price: '5000', stock: 50 },
  // Threads by Tolu
  { store: 'threads', category: 'clothing', name: 'Ankara shirt for men', description: 'Tailored, short sleeves, sizes M to XL. Perfect for Friday wear.', price: '9500', stock: 6, ratings: [{ rating: 5, review: 'Fits perfectly, got compliments all day.' }], photos: 2 },
  { store: 'threads', category: 'clothing', name: 'Thrift denim jacket', description: 'Vintage wash, size M, worn twice.', price: '12000', originalPrice: '15000', stock: 1 },
  { store: 'threads', category: 'clothing', name: 'Plain hoodies (black, grey, navy)', description: 'Heavy cotton, warm for harmattan mornings.', price: '11000', stock: 14 },
  { store: 'threads', category: 'clothing', name: 'Corporate trousers (ladies)', description: 'For presentations and SIWES interviews. Sizes 8 to 16.', price: '8500', stock: 5 },
  { store: 'threads', category: 'clothing', name: 'Departmental week T-shirt', description: 'Custom printed with your department name. Minimum of 1.', price: '5500', stock: 0 },
  { store: 'threads', category: 'clothing', name: 'Agbada set (3 pieces)', description: 'Rich aso-oke, for dinner nights and owambe.', price: '45000', stock: 2 },
  { store: 'threads', category: 'shoes', name: 'Nike Air Force 1 (thrift)', description: 'Size 43, cleaned and restored. Original.', price: '28000', stock: 1, ratings: [{ rating: 3, review: 'Good but a bit worn at the heel.' }] },
  { store: 'threads', category: 'shoes', name: 'Palm slippers (handmade)', description: 'Leather palm slippers, sizes 39 to 46.', price: '7000', stock: 10 },
  { store: 'threads', category: 'shoes', name: 'Ladies block heels', description: 'Black, size 39 and 40, comfortable for long days.', price: '15500', stock: 3 },
  { store: 'threads', category: 'shoes', name: 'Football boots (size 42)', description: 'Used for one season, studs intact.', price: '13000', stock: 0 },
  { store: 'threads', category: 'beauty', name: 'Shea butter (500g, unrefined)', description: 'Pure, from Kwara. For skin and hair.', price: '3000', stock: 18 },
  { store: 'threads', category: 'beauty', name: 'Knotless braids (service)', description: 'Medium length, hair included. Book a slot after payment.', price: '25000', stock: 4 },
  { store: 'threads', category: 'beauty', name: 'Body spray combo (3 scents)', description: 'Long lasting, travel size.', price: '6000', stock: 9 },
  { store: 'threads', category: 'accessories', name: 'Beaded bracelets (set of 3)', description: 'Handmade, custom colours on request.', price: '2500', stock: 20 },
  { store: 'threads', category: 'accessories', name: 'Casio vintage wristwatch', description: 'Gold tone, water resistant, new battery.', price: '19500', stock: 2 },
  // Hostel Hacks
  { store: 'hostel', category: 'hostel-essentials', name: 'Rechargeable standing fan 16 inch', description: 'Works 8 hours on battery. Saves you on hot nights without light.', price: '42000', stock: 3, ratings: [{ rating: 5, review: 'Lasted the whole night during the outage.' }], photos: 2 },
  { store: 'hostel', category: 'hostel-essentials', name: 'Foam mattress 4 inch (single)', description: 'Vitafoam, fits hostel bunks. Brand new with nylon.', price: '38000', stock: 5 },
  { store: 'hostel', category: 'hostel-essentials', name: 'Electric kettle 1.7L', description: 'Stainless steel, auto shut-off. Check your hall rules first.', price: '12500', stock: 7 },
  { store: 'hostel', category: 'hostel-essentials', name: 'Rechargeable reading lamp', description: 'USB rechargeable, 3 brightness levels, 10 hours battery.', price: '8000', stock: 0 },
  { store: 'hostel', category: 'hostel-essentials', name: 'Mosquito net (treated, single)', description: 'Long lasting insecticide treated net.', price: '5000', stock: 12 },
  { store: 'hostel', category: 'hostel-essentials', name: 'Extension box 6 sockets with surge guard', description: 'Heavy duty, 3 metre cable.', price: '9000', stock: 8 },
  { store: 'hostel', category: 'hostel-essentials', name: 'Bucket and mop set', description: 'Spin mop with 2 refill heads.', price: '14000', stock: 4 },
  { store: 'hostel', category: 'food-snacks', name: 'Indomie Super Pack (carton of 40)', description: 'Chicken flavour, 120g packs. Delivered to your hall.', price: '11800', stock: 20, ratings: [{ rating: 4, review: 'Fast delivery to Moremi.' }] },
  { store: 'hostel', category: 'food-snacks', name: 'Garri (ijebu, 5kg)', description: 'Crisp and sour, well dried.', price: '6500', stock: 15 },
  { store: 'hostel', category: 'food-snacks', name: 'Homemade chin chin (1 litre tub)', description: 'Crunchy, not too sweet. Made fresh every Friday.', price: '3500', stock: 9 },
  { store: 'hostel', category: 'food-snacks', name: 'Peak milk refill (400g) and Milo combo', description: 'Exam season breakfast combo.', price: '9500', stock: 6 },
  { store: 'hostel', category: 'sports', name: 'Football (size 5)', description: 'Molten, for inter-hall matches.', price: '12000', stock: 3 },
  { store: 'hostel', category: 'sports', name: 'Skipping rope and resistance bands', description: 'Home workout set for your room.', price: '7500', stock: 10 },
  { store: 'hostel', category: 'services', name: 'Laundry pickup (per bag)', description: 'Washed, ironed and folded in 48 hours. Pickup from your hall.', price: '3000', stock: 40 },
  { store: 'hostel', category: 'other', name: 'Hostel bed space transfer (2nd semester)', description: 'Bed space in a 4-man room, Jaja Hall. Transfer through the hall office.', price: '60000', stock: 1 },
];
