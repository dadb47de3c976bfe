/**
 * The curated starter collection loaded on a first start (SEED_STARTER=false turns it off). Thirty well-documented
 * artifacts across all ten types. Each has a fixed id, so seeding twice inserts nothing new, and an image that ships
 * with the API (api/public/images, drawn by scripts/generate-seed-images.ts) so the app looks complete offline.
 * `motif` picks the drawing on the image plate.
 */
import type { ArtifactInput } from 'artifact-model';

export const CURATORS = { name: 'Heritage Vault Curators', email: 'curators@heritagevault.org' } as const;

export interface StarterArtifact extends Omit<ArtifactInput, 'image'> {
  id: string;
  slug: string;
  motif: string;
}

export const STARTER_ARTIFACTS: StarterArtifact[] = [
  {
    id: '5eed0000-0000-4000-8000-000000000001',
    slug: 'rosetta-stone',
    motif: 'stele-inscribed',
    name: 'Rosetta Stone',
    type: 'Documents',
    createdAt: '196 BC',
    discoveredAt: '1799',
    discoveredBy: 'Pierre-François Bouchard',
    presentLocation: 'British Museum, London',
    historicalContext:
      'A granodiorite stele carrying a decree issued at Memphis in 196 BC by a council of priests affirming the royal cult of the 13-year-old Ptolemy V. The same text is written three times: in Egyptian hieroglyphs, in Demotic script and in Ancient Greek.',
    description:
      "Found by French soldiers rebuilding a fort near Rashid (Rosetta) during Napoleon's campaign in Egypt, the stone passed to the British under the Capitulation of Alexandria in 1801. Because the Greek could be read, it became the key that let Jean-François Champollion announce the decipherment of hieroglyphs in 1822.",
  },
  {
    id: '5eed0000-0000-4000-8000-000000000002',
    slug: 'code-of-hammurabi',
    motif: 'stele-relief',
    name: 'Code of Hammurabi',
    type: 'Documents',
    createdAt: 'c. 1754 BC',
    discoveredAt: '1901',
    discoveredBy: "Jacques de Morgan's expedition (Gustave Jéquier) at Susa",
    presentLocation: 'Louvre Museum, Paris',
    historicalContext:
      'A basalt stele set up by Hammurabi, sixth king of the First Babylonian Dynasty, recording 282 laws in Akkadian cuneiform. It had been carried off to Susa as war booty by the Elamite king Shutruk-Nakhunte in the 12th century BC.',
    description:
      'The top of the 2.25-metre stele shows Hammurabi standing before the enthroned sun god Shamash, god of justice. Below, the prologue, the laws (including the famous "eye for an eye" provisions) and the epilogue are carved in columns of cuneiform.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000003',
    slug: 'cyrus-cylinder',
    motif: 'cylinder',
    name: 'Cyrus Cylinder',
    type: 'Documents',
    createdAt: 'after 539 BC',
    discoveredAt: '1879',
    discoveredBy: 'Hormuzd Rassam',
    presentLocation: 'British Museum, London',
    historicalContext:
      'A clay cylinder inscribed in Akkadian cuneiform after the Persian king Cyrus the Great took Babylon in 539 BC. It presents Cyrus as chosen by the god Marduk and describes the return of displaced peoples and the restoration of their temples.',
    description:
      'Found in the foundations of the Esagila temple complex in Babylon during excavations for the British Museum. Barrel-shaped and about 23 cm long, it is often cited in discussions of early statements of religious tolerance.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000004',
    slug: 'dead-sea-scrolls',
    motif: 'scroll-jar',
    name: 'Dead Sea Scrolls',
    type: 'Writings',
    createdAt: '3rd century BC – 1st century AD',
    discoveredAt: '1946–1947',
    discoveredBy: 'Muhammed edh-Dhib, a Bedouin shepherd',
    presentLocation: 'Shrine of the Book, Israel Museum, Jerusalem',
    historicalContext:
      'Some 900 manuscripts in Hebrew, Aramaic and Greek hidden in eleven caves near Qumran on the north-western shore of the Dead Sea. They include the oldest known copies of books of the Hebrew Bible as well as sectarian texts of a Second Temple Jewish community.',
    description:
      'The first scrolls were found in clay jars in a cave after a shepherd threw a stone into it. The Great Isaiah Scroll, almost complete and about 7.3 metres long, is among the best preserved and is displayed in the Shrine of the Book.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000005',
    slug: 'flood-tablet',
    motif: 'tablet',
    name: 'Flood Tablet (Epic of Gilgamesh, Tablet XI)',
    type: 'Writings',
    createdAt: '7th century BC',
    discoveredAt: '1853',
    discoveredBy: 'Hormuzd Rassam, at the Library of Ashurbanipal in Nineveh',
    presentLocation: 'British Museum, London',
    historicalContext:
      'A clay tablet from the library of the Assyrian king Ashurbanipal at Nineveh, carrying the eleventh tablet of the Epic of Gilgamesh in Akkadian cuneiform. It tells how Utnapishtim survived a great flood by building a boat.',
    description:
      'In 1872 George Smith of the British Museum recognised on it a flood story strikingly close to the account of Noah, and his announcement caused a sensation in Victorian Britain.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000006',
    slug: 'diamond-sutra',
    motif: 'book-scroll',
    name: 'Diamond Sutra of Dunhuang',
    type: 'Writings',
    createdAt: '868 AD',
    discoveredAt: '1900',
    discoveredBy: 'Wang Yuanlu, in the Library Cave at Mogao, Dunhuang',
    presentLocation: 'British Library, London',
    historicalContext:
      'A Chinese translation of a Mahayana Buddhist sutra, printed from carved wooden blocks. Its colophon dates it to the 15th day of the 4th month of the 9th year of Xiantong (11 May 868), making it the earliest dated printed book known.',
    description:
      'Sealed for centuries in Cave 17 of the Mogao Caves, the scroll was found by the Taoist monk Wang Yuanlu and acquired by the explorer Aurel Stein in 1907. The five-metre scroll opens with a woodcut frontispiece of the Buddha preaching.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000007',
    slug: 'antikythera-mechanism',
    motif: 'gears',
    name: 'Antikythera Mechanism',
    type: 'Tools',
    createdAt: 'c. 150–100 BC',
    discoveredAt: '1901',
    discoveredBy: 'Sponge divers of Captain Dimitrios Kontos; recognised by Valerios Stais (1902)',
    presentLocation: 'National Archaeological Museum, Athens',
    historicalContext:
      'A hand-powered Greek geared device recovered from a Roman-era shipwreck off the island of Antikythera. It modelled the movements of the Sun and Moon, predicted eclipses and tracked the four-year cycle of the Panhellenic games.',
    description:
      'Surviving as 82 corroded bronze fragments with at least 30 interlocking gears, it is often called the oldest known analogue computer. X-ray tomography since 2005 has revealed thousands of characters of its inscribed user manual.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000008',
    slug: 'olduvai-chopping-tool',
    motif: 'chopper',
    name: 'Olduvai Stone Chopping Tool',
    type: 'Tools',
    createdAt: 'c. 1.8 million years ago',
    discoveredAt: '1931',
    discoveredBy: 'Louis Leakey',
    presentLocation: 'British Museum, London',
    historicalContext:
      'A basalt pebble flaked on one edge by an early human ancestor at Olduvai Gorge in northern Tanzania. Oldowan tools like this are among the earliest known objects made by human hands.',
    description:
      'Striking flakes off a river cobble produced a sharp edge for cutting meat and breaking bones for marrow. It is the oldest object in the British Museum and opened the BBC series "A History of the World in 100 Objects".',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000009',
    slug: 'ishango-bone',
    motif: 'notched-bone',
    name: 'Ishango Bone',
    type: 'Tools',
    createdAt: 'c. 20,000 BC',
    discoveredAt: '1950',
    discoveredBy: 'Jean de Heinzelin de Braucourt',
    presentLocation: 'Royal Belgian Institute of Natural Sciences, Brussels',
    historicalContext:
      'A baboon fibula with a sharp piece of quartz fixed in one end, found at Ishango near the headwaters of the Nile in what is now the Democratic Republic of the Congo.',
    description:
      'Three columns of grouped notches run along the bone. Their patterns have been read as a tally, a lunar calendar or even simple arithmetic, making it one of the oldest possible mathematical artifacts.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000010',
    slug: 'sword-of-goujian',
    motif: 'sword',
    name: 'Sword of Goujian',
    type: 'Weapons',
    createdAt: 'c. 510–470 BC',
    discoveredAt: '1965',
    discoveredBy: 'Hubei provincial archaeologists, in Wangshan Tomb No. 1 near Jiangling',
    presentLocation: 'Hubei Provincial Museum, Wuhan',
    historicalContext:
      'A tin-bronze sword of the Spring and Autumn period inscribed in bird-worm seal script: "King of Yue, made this sword for his personal use". It is attributed to Goujian, king of Yue from 496 to 465 BC.',
    description:
      'Found in a lacquered wooden scabbard, the 55.6 cm blade was still sharp and barely tarnished after some 2,500 years. Its surface is decorated with a black rhombic pattern, and the hilt was once set with turquoise and blue glass.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000011',
    slug: 'battersea-shield',
    motif: 'shield',
    name: 'Battersea Shield',
    type: 'Weapons',
    createdAt: 'c. 350–50 BC',
    discoveredAt: '1857',
    discoveredBy: 'Workers dredging the River Thames near Battersea',
    presentLocation: 'British Museum, London',
    historicalContext:
      'A sheet-bronze covering for a wooden shield, made in Iron Age Britain in the La Tène style. Too thin for battle, it was probably made for display and deposited in the river as an offering.',
    description:
      'Three roundels of swirling Celtic ornament are set with red glass enamel. It is one of the most important pieces of early Celtic art found in Britain.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000012',
    slug: 'sutton-hoo-helmet',
    motif: 'helmet',
    name: 'Sutton Hoo Helmet',
    type: 'Weapons',
    createdAt: 'early 7th century AD',
    discoveredAt: '1939',
    discoveredBy: 'Basil Brown and the Sutton Hoo excavation team',
    presentLocation: 'British Museum, London',
    historicalContext:
      'An Anglo-Saxon helmet from the Mound 1 ship burial at Sutton Hoo in Suffolk, thought to be the grave of Rædwald, king of East Anglia, who died around 624.',
    description:
      'Crushed into hundreds of fragments when the burial chamber collapsed, it was reconstructed at the British Museum (a second reconstruction was finished in 1971). Its face mask has eyebrows, nose and moustache that together form a flying dragon.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000013',
    slug: 'francois-vase',
    motif: 'volute-krater',
    name: 'François Vase',
    type: 'Pottery',
    createdAt: 'c. 570–560 BC',
    discoveredAt: '1844',
    discoveredBy: 'Alessandro François',
    presentLocation: 'National Archaeological Museum, Florence',
    historicalContext:
      'An Attic black-figure volute krater signed by the potter Ergotimos and the painter Kleitias, made in Athens and exported to Etruria, where it was buried in a tomb near Chiusi.',
    description:
      'Some 270 figures in six friezes show Greek myths, from the Calydonian boar hunt to the wedding of Peleus and Thetis, many labelled by name. It was smashed by a museum guard in 1900 and painstakingly restored.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000014',
    slug: 'warrior-vase',
    motif: 'krater-warriors',
    name: 'Warrior Vase',
    type: 'Pottery',
    createdAt: 'c. 1200 BC',
    discoveredAt: '1876',
    discoveredBy: 'Heinrich Schliemann',
    presentLocation: 'National Archaeological Museum, Athens',
    historicalContext:
      'A Mycenaean krater found in a house near the Grave Circle at Mycenae, from the last phase of the Late Bronze Age palace culture.',
    description:
      'A file of soldiers with horned helmets, spears and round shields marches off to war while a woman raises her arm in farewell. It is one of the best-known images of Mycenaean warriors.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000015',
    slug: 'tara-brooch',
    motif: 'brooch',
    name: 'Tara Brooch',
    type: 'Jewelry',
    createdAt: 'c. 650–750 AD',
    discoveredAt: '1850',
    discoveredBy: 'A local woman at Bettystown, County Meath (as reported)',
    presentLocation: 'National Museum of Ireland, Dublin',
    historicalContext:
      'An Irish penannular-style brooch of cast silver-gilt, made in the same artistic milieu as the Book of Kells and the Lindisfarne Gospels. It was named after the Hill of Tara by a dealer to raise its appeal, though it has no link with Tara.',
    description:
      'Barely 9 cm across, it is covered front and back with gold filigree, amber, glass and enamel studs and minute animal interlace, and a silver chain hangs from its side.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000016',
    slug: 'puabi-headdress',
    motif: 'headdress',
    name: 'Headdress of Queen Puabi',
    type: 'Jewelry',
    createdAt: 'c. 2600–2500 BC',
    discoveredAt: '1928',
    discoveredBy: 'Leonard Woolley, excavating the Royal Cemetery at Ur',
    presentLocation: 'Penn Museum, Philadelphia',
    historicalContext:
      'Jewellery of Puabi, a Sumerian queen or high-ranking woman buried at Ur in southern Mesopotamia, found in an unplundered tomb of the Royal Cemetery during the joint British Museum and University of Pennsylvania excavations.',
    description:
      'Gold ribbons, gold poplar and willow leaves, lapis lazuli and carnelian beads and a tall gold comb with flowers, reassembled from the positions in which they lay on her head.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000017',
    slug: 'hoxne-hoard',
    motif: 'hoard',
    name: 'Hoxne Hoard',
    type: 'Jewelry',
    createdAt: 'early 5th century AD',
    discoveredAt: '1992',
    discoveredBy: 'Eric Lawes, searching with a metal detector for a lost hammer',
    presentLocation: 'British Museum, London',
    historicalContext:
      'The largest hoard of late Roman silver and gold found in Britain, buried in an oak chest in Suffolk as Roman rule ended; its latest coins date to around 407–408 AD.',
    description:
      'Nearly 15,000 coins together with gold jewellery, including a body chain and bracelets, silver spoons, and pepper pots such as the "Empress" pepper pot.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000018',
    slug: 'mold-cape',
    motif: 'cape',
    name: 'Mold Gold Cape',
    type: 'Clothing',
    createdAt: 'c. 1900–1600 BC',
    discoveredAt: '1833',
    discoveredBy: 'Workmen quarrying stone from a burial mound at Mold, Flintshire',
    presentLocation: 'British Museum, London',
    historicalContext:
      'A ceremonial cape beaten from a single gold ingot in Bronze Age Wales, found on a skeleton in the mound of Bryn yr Ellyllon.',
    description:
      'Decorated with ridges and rows of bosses imitating beads and folds of cloth, it would have covered the shoulders and upper arms of its wearer, most likely in ritual rather than daily life.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000019',
    slug: 'tarkhan-dress',
    motif: 'dress',
    name: 'Tarkhan Dress',
    type: 'Clothing',
    createdAt: 'c. 3482–3102 BC',
    discoveredAt: '1913',
    discoveredBy: 'Flinders Petrie',
    presentLocation: 'Petrie Museum of Egyptian Archaeology, UCL, London',
    historicalContext:
      'A linen garment from a First Dynasty-era mastaba at Tarkhan, south of Cairo. Radiocarbon dating places it in the late 4th millennium BC, making it the oldest known woven garment.',
    description:
      'A V-necked shirt with knife-pleated sleeves and bodice, found inside out as if it had been worn. It lay unnoticed among a bundle of linen until conservators identified it in 1977.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000020',
    slug: 'egtved-girl-clothing',
    motif: 'skirt',
    name: "Egtved Girl's Clothing",
    type: 'Clothing',
    createdAt: '1370 BC',
    discoveredAt: '1921',
    discoveredBy: 'Peder Platz, a farmer at Egtved, Denmark',
    presentLocation: 'National Museum of Denmark, Copenhagen',
    historicalContext:
      'The costume of a young woman buried in an oak coffin under a barrow in Jutland in the Nordic Bronze Age; tree-ring dating gives the summer of 1370 BC.',
    description:
      'A short woollen blouse, a corded string skirt and a belt with a bronze disc decorated with spirals. The waterlogged coffin preserved wool, hair and skin.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000021',
    slug: 'mask-of-tutankhamun',
    motif: 'pharaoh-mask',
    name: 'Mask of Tutankhamun',
    type: 'Religious Items',
    createdAt: 'c. 1323 BC',
    discoveredAt: '1925',
    discoveredBy: 'Howard Carter',
    presentLocation: 'Grand Egyptian Museum, Giza',
    historicalContext:
      'The funerary mask of the 18th-dynasty pharaoh Tutankhamun, placed over the head of his mummy so that his spirit would recognise him. Carter found the tomb (KV62) in the Valley of the Kings in 1922 and reached the mask when the innermost coffin was opened in 1925.',
    description:
      'About 10 kg of gold inlaid with lapis lazuli, quartz, obsidian, carnelian and coloured glass. The back bears a spell from the Book of the Dead protecting the limbs of the king.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000022',
    slug: 'gundestrup-cauldron',
    motif: 'cauldron',
    name: 'Gundestrup Cauldron',
    type: 'Religious Items',
    createdAt: 'c. 150 BC – 1 BC',
    discoveredAt: '1891',
    discoveredBy: 'Peat cutters in the Rævemose bog, Himmerland, Denmark',
    presentLocation: 'National Museum of Denmark, Copenhagen',
    historicalContext:
      'A richly decorated silver vessel of the European Iron Age, dismantled and laid in a dry part of a bog as an offering. Its style suggests Thracian craftsmanship with Celtic imagery.',
    description:
      'Its plates show deities and ritual scenes, including an antlered figure holding a torc and a serpent, often identified with the Celtic god Cernunnos, and a procession of warriors.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000023',
    slug: 'pashupati-seal',
    motif: 'seal',
    name: 'Pashupati Seal',
    type: 'Religious Items',
    createdAt: 'c. 2500–1900 BC',
    discoveredAt: '1928–1929',
    discoveredBy: 'Ernest Mackay, excavating at Mohenjo-daro',
    presentLocation: 'National Museum, New Delhi',
    historicalContext:
      'A steatite seal of the Indus Valley Civilisation showing a horned figure seated cross-legged and surrounded by animals, with a line of the still undeciphered Indus script above.',
    description:
      'Because of the animals around the figure, early scholars named it after Pashupati, "lord of animals", an epithet of Shiva; whether it shows a proto-Shiva is still debated.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000024',
    slug: 'bust-of-nefertiti',
    motif: 'bust',
    name: 'Nefertiti Bust',
    type: 'Art',
    createdAt: 'c. 1345 BC',
    discoveredAt: '1912',
    discoveredBy: "Ludwig Borchardt's German Oriental Society team, at Amarna",
    presentLocation: 'Neues Museum, Berlin',
    historicalContext:
      'A painted limestone and stucco bust of Nefertiti, Great Royal Wife of the pharaoh Akhenaten, attributed to the sculptor Thutmose and found in his workshop at Amarna.',
    description:
      'With its long neck, flat-topped blue crown and one eye never inlaid, it is one of the most copied works of ancient Egypt. Egypt has long requested its return.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000025',
    slug: 'venus-of-willendorf',
    motif: 'figurine',
    name: 'Venus of Willendorf',
    type: 'Art',
    createdAt: 'c. 29,500 years ago',
    discoveredAt: '1908',
    discoveredBy: "Josef Veran, in Josef Szombathy's excavation at Willendorf",
    presentLocation: 'Natural History Museum, Vienna',
    historicalContext:
      'An 11.1 cm Upper Palaeolithic (Gravettian) figurine of a woman carved from oolitic limestone and tinted with red ochre, found near Willendorf in the Wachau valley of Austria.',
    description:
      'The face is hidden by rows of what may be braided hair or a woven cap. Analysis published in 2022 suggests the stone came from northern Italy, showing how far its makers travelled.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000026',
    slug: 'terracotta-army',
    motif: 'warrior',
    name: 'Terracotta Army',
    type: 'Art',
    createdAt: 'c. 210–209 BC',
    discoveredAt: '1974',
    discoveredBy: 'Farmers digging a well near Lintong, Shaanxi (Yang Zhifa and others)',
    presentLocation: "Emperor Qinshihuang's Mausoleum Site Museum, Xi'an",
    historicalContext:
      'Thousands of life-size clay soldiers, horses and chariots buried in pits beside the tomb of Qin Shi Huang, the first emperor of a unified China, to guard him in the afterlife.',
    description:
      'More than 8,000 soldiers are estimated in the three main pits, each with individually modelled faces and once brightly painted. Real bronze weapons were found with them.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000027',
    slug: 'lion-man',
    motif: 'lion-man',
    name: 'Lion-man of Hohlenstein-Stadel',
    type: 'Art',
    createdAt: 'c. 40,000 years ago',
    discoveredAt: '1939',
    discoveredBy: "Otto Völzing, in Robert Wetzel's excavation of Hohlenstein-Stadel cave",
    presentLocation: 'Museum Ulm, Ulm',
    historicalContext:
      "An ivory figurine with a lion's head and a human body, carved from mammoth tusk in the Aurignacian culture of the Swabian Jura. It is among the oldest known figurative sculptures and the oldest known depiction of an imagined being.",
    description:
      'Found in hundreds of fragments on the last day of the 1939 excavation, it was first reassembled in 1969 and restored again in 2012–2013 with newly recovered pieces; it stands about 31 cm tall.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000028',
    slug: 'lewis-chessmen',
    motif: 'chess-piece',
    name: 'Lewis Chessmen',
    type: 'Other',
    createdAt: 'c. 1150–1200 AD',
    discoveredAt: '1831',
    discoveredBy: 'Found at Uig on the Isle of Lewis (traditionally credited to Malcolm MacLeod)',
    presentLocation: 'British Museum, London, and National Museum of Scotland, Edinburgh',
    historicalContext:
      'A hoard of 93 objects (78 chess pieces, 14 tablemen and a belt buckle), most carved from walrus ivory and some from whale teeth, probably made in Trondheim, Norway, when the Hebrides were under Norse rule.',
    description:
      'Kings, queens, bishops, knights, warders and pawns with expressive faces; some warders bite their shields like berserkers. 82 pieces are in the British Museum and 11 in the National Museum of Scotland.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000029',
    slug: 'nebra-sky-disc',
    motif: 'sky-disc',
    name: 'Nebra Sky Disc',
    type: 'Other',
    createdAt: 'c. 1800–1600 BC',
    discoveredAt: '1999',
    discoveredBy: 'Henry Westphal and Mario Renner (unlicensed metal detectorists)',
    presentLocation: 'State Museum of Prehistory, Halle (Saale)',
    historicalContext:
      'A bronze disc inlaid with gold symbols found on the Mittelberg hill near Nebra in Saxony-Anhalt, Germany. It is the oldest known concrete depiction of the cosmos, recovered in 2002 in a police operation in Basel.',
    description:
      'About 30 cm across, it shows the Sun or full Moon, a crescent Moon and stars, including a cluster thought to be the Pleiades. Two golden arcs on the edges mark the span of sunsets between the solstices.',
  },
  {
    id: '5eed0000-0000-4000-8000-000000000030',
    slug: 'royal-game-of-ur',
    motif: 'game-board',
    name: 'Royal Game of Ur',
    type: 'Other',
    createdAt: 'c. 2600–2400 BC',
    discoveredAt: '1926–1927',
    discoveredBy: 'Leonard Woolley, excavating the Royal Cemetery at Ur',
    presentLocation: 'British Museum, London',
    historicalContext:
      'A Sumerian board game for two players from the Royal Cemetery at Ur in southern Mesopotamia. Its rules were reconstructed by Irving Finkel from a Babylonian clay tablet of 177 BC.',
    description:
      'Twenty squares of shell inlaid with lapis lazuli and red limestone, with rosettes marking lucky squares. Played with tetrahedral dice, it was popular across the Middle East for some 3,000 years.',
  },
];

export function starterImagePath(slug: string): string {
  return `/images/${slug}.svg`;
}
