// Distributions of the simulated fleet: an emerging-market Android app's audience (Beacon's users' apps).
import { type Weighted } from './prng';

export type Region = 'africa' | 'south_asia' | 'mena' | 'sea' | 'americas';

export interface CountryProfile {
  code: string;
  /** share of the fleet, in percent */
  weight: number;
  region: Region;
  languages: Weighted<string>;
  zones: Weighted<string>;
  operators: Weighted<string>;
}

export const COUNTRIES: readonly CountryProfile[] = [
  {
    code: 'NG',
    weight: 17,
    region: 'africa',
    languages: [
      ['en', 70],
      ['ha', 14],
      ['yo', 10],
      ['ig', 6],
    ],
    zones: [['Africa/Lagos', 1]],
    operators: [
      ['MTN', 45],
      ['Airtel', 25],
      ['Glo', 22],
      ['9mobile', 8],
    ],
  },
  {
    code: 'IN',
    weight: 13,
    region: 'south_asia',
    languages: [
      ['hi', 45],
      ['en', 40],
      ['ta', 5],
      ['te', 5],
      ['mr', 5],
    ],
    zones: [['Asia/Kolkata', 1]],
    operators: [
      ['Jio', 40],
      ['Airtel', 38],
      ['Vi', 19],
      ['BSNL', 3],
    ],
  },
  {
    code: 'PK',
    weight: 8,
    region: 'south_asia',
    languages: [
      ['ur', 45],
      ['en', 55],
    ],
    zones: [['Asia/Karachi', 1]],
    operators: [
      ['Jazz', 38],
      ['Zong', 26],
      ['Telenor', 22],
      ['Ufone', 14],
    ],
  },
  {
    code: 'BD',
    weight: 7,
    region: 'south_asia',
    languages: [
      ['bn', 85],
      ['en', 15],
    ],
    zones: [['Asia/Dhaka', 1]],
    operators: [
      ['Grameenphone', 47],
      ['Robi', 30],
      ['Banglalink', 20],
      ['Teletalk', 3],
    ],
  },
  {
    code: 'EG',
    weight: 7,
    region: 'mena',
    languages: [
      ['ar', 92],
      ['en', 8],
    ],
    zones: [['Africa/Cairo', 1]],
    operators: [
      ['Vodafone', 40],
      ['Orange', 27],
      ['Etisalat', 23],
      ['WE', 10],
    ],
  },
  {
    code: 'ID',
    weight: 7,
    region: 'sea',
    languages: [
      ['id', 90],
      ['en', 10],
    ],
    zones: [
      ['Asia/Jakarta', 70],
      ['Asia/Makassar', 22],
      ['Asia/Jayapura', 8],
    ],
    operators: [
      ['Telkomsel', 50],
      ['Indosat Ooredoo', 25],
      ['XL', 20],
      ['Tri', 5],
    ],
  },
  {
    code: 'BR',
    weight: 7,
    region: 'americas',
    languages: [
      ['pt_BR', 97],
      ['en', 3],
    ],
    zones: [
      ['America/Sao_Paulo', 62],
      ['America/Fortaleza', 12],
      ['America/Recife', 9],
      ['America/Manaus', 8],
      ['America/Bahia', 9],
    ],
    operators: [
      ['Vivo', 38],
      ['Claro', 33],
      ['TIM', 27],
      ['Oi', 2],
    ],
  },
  {
    code: 'KE',
    weight: 6,
    region: 'africa',
    languages: [
      ['en', 65],
      ['sw', 35],
    ],
    zones: [['Africa/Nairobi', 1]],
    operators: [
      ['Safaricom', 65],
      ['Airtel', 28],
      ['Telkom', 7],
    ],
  },
  {
    code: 'GH',
    weight: 4,
    region: 'africa',
    languages: [['en', 1]],
    zones: [['Africa/Accra', 1]],
    operators: [
      ['MTN', 70],
      ['Telecel', 15],
      ['AirtelTigo', 15],
    ],
  },
  {
    code: 'TZ',
    weight: 3,
    region: 'africa',
    languages: [
      ['sw', 80],
      ['en', 20],
    ],
    zones: [['Africa/Dar_es_Salaam', 1]],
    operators: [
      ['Vodacom', 30],
      ['Airtel', 28],
      ['Tigo', 27],
      ['Halotel', 15],
    ],
  },
  {
    code: 'MA',
    weight: 3,
    region: 'mena',
    languages: [
      ['ar_MA', 60],
      ['fr', 40],
    ],
    zones: [['Africa/Casablanca', 1]],
    operators: [
      ['Maroc Telecom', 40],
      ['Orange', 33],
      ['inwi', 27],
    ],
  },
  {
    code: 'DZ',
    weight: 3,
    region: 'mena',
    languages: [
      ['ar_DZ', 65],
      ['fr', 35],
    ],
    zones: [['Africa/Algiers', 1]],
    operators: [
      ['Djezzy', 38],
      ['Mobilis', 35],
      ['Ooredoo', 27],
    ],
  },
  {
    code: 'SA',
    weight: 3,
    region: 'mena',
    languages: [
      ['ar', 85],
      ['en', 15],
    ],
    zones: [['Asia/Riyadh', 1]],
    operators: [
      ['STC', 55],
      ['Mobily', 28],
      ['Zain', 17],
    ],
  },
  {
    code: 'US',
    weight: 3,
    region: 'americas',
    languages: [
      ['en', 85],
      ['es_US', 15],
    ],
    zones: [
      ['America/New_York', 40],
      ['America/Chicago', 28],
      ['America/Denver', 7],
      ['America/Phoenix', 4],
      ['America/Los_Angeles', 19],
      ['Pacific/Honolulu', 2],
    ],
    operators: [
      ['Verizon', 36],
      ['T-Mobile', 34],
      ['AT&T', 30],
    ],
  },
  {
    code: 'ZA',
    weight: 2,
    region: 'africa',
    languages: [
      ['en', 60],
      ['zu', 20],
      ['af', 20],
    ],
    zones: [['Africa/Johannesburg', 1]],
    operators: [
      ['Vodacom', 40],
      ['MTN', 30],
      ['Cell C', 15],
      ['Telkom', 15],
    ],
  },
  {
    code: 'UG',
    weight: 2,
    region: 'africa',
    languages: [
      ['en', 80],
      ['sw', 20],
    ],
    zones: [['Africa/Kampala', 1]],
    operators: [
      ['MTN', 55],
      ['Airtel', 45],
    ],
  },
  {
    code: 'PH',
    weight: 2,
    region: 'sea',
    languages: [
      ['en', 50],
      ['fil', 50],
    ],
    zones: [['Asia/Manila', 1]],
    operators: [
      ['Smart', 50],
      ['Globe', 45],
      ['DITO', 5],
    ],
  },
  {
    code: 'CM',
    weight: 2,
    region: 'africa',
    languages: [
      ['fr', 70],
      ['en', 30],
    ],
    zones: [['Africa/Douala', 1]],
    operators: [
      ['MTN', 55],
      ['Orange', 45],
    ],
  },
];

/** Share of devices without a SIM operator (Wi-Fi only tablets, SIM removed). */
export const NO_OPERATOR_PCT = 0.03;

/** Brand shares per region. */
export const BRANDS_BY_REGION: Record<Region, Weighted<string>> = {
  africa: [
    ['TECNO', 30],
    ['INFINIX', 22],
    ['ITEL', 15],
    ['SAMSUNG', 15],
    ['XIAOMI', 8],
    ['OPPO', 4],
    ['HUAWEI', 3],
    ['REALME', 2],
    ['VIVO', 1],
  ],
  south_asia: [
    ['XIAOMI', 22],
    ['SAMSUNG', 20],
    ['VIVO', 16],
    ['OPPO', 13],
    ['REALME', 12],
    ['INFINIX', 7],
    ['TECNO', 6],
    ['ITEL', 4],
  ],
  mena: [
    ['SAMSUNG', 30],
    ['XIAOMI', 20],
    ['OPPO', 15],
    ['HUAWEI', 10],
    ['REALME', 8],
    ['INFINIX', 8],
    ['TECNO', 5],
    ['VIVO', 4],
  ],
  sea: [
    ['OPPO', 22],
    ['SAMSUNG', 20],
    ['XIAOMI', 20],
    ['VIVO', 15],
    ['REALME', 12],
    ['INFINIX', 8],
    ['TECNO', 3],
  ],
  americas: [
    ['SAMSUNG', 52],
    ['MOTOROLA', 25],
    ['XIAOMI', 15],
    ['GOOGLE', 4],
    ['REALME', 4],
  ],
};

/** A model and the Android API levels it ships with or was updated to. */
export type ModelRange = readonly [model: string, minApi: number, maxApi: number];

export const MODELS: Record<string, readonly ModelRange[]> = {
  TECNO: [
    ['Spark 2', 24, 27],
    ['Spark 8C', 30, 31],
    ['Spark 10 Pro', 33, 34],
    ['Spark 20', 33, 34],
    ['Camon 19', 31, 33],
    ['Camon 20 Pro', 33, 34],
    ['Pop 7', 31, 33],
    ['Pova 5', 33, 34],
    ['Spark Go 2024', 33, 34],
  ],
  INFINIX: [
    ['Hot 6', 26, 27],
    ['Hot 11', 30, 31],
    ['Hot 30', 33, 34],
    ['Hot 40i', 33, 34],
    ['Smart 7', 31, 33],
    ['Smart 8', 33, 34],
    ['Note 30', 33, 34],
    ['Zero 30', 33, 34],
  ],
  ITEL: [
    ['A16', 24, 25],
    ['A58', 31, 33],
    ['A60s', 31, 33],
    ['A70', 33, 34],
    ['P40', 33, 33],
    ['S23', 33, 34],
    ['Vision 3', 30, 31],
  ],
  SAMSUNG: [
    ['SM-J701F', 24, 27],
    ['SM-A107F', 28, 30],
    ['SM-A125F', 29, 33],
    ['SM-A217F', 29, 33],
    ['SM-A145F', 33, 35],
    ['SM-A055F', 33, 35],
    ['SM-A155F', 34, 35],
    ['SM-A346E', 33, 35],
    ['SM-A546E', 33, 35],
    ['SM-G991B', 30, 34],
    ['SM-S918B', 33, 35],
  ],
  XIAOMI: [
    ['Redmi Note 4', 24, 24],
    ['Redmi 5A', 25, 27],
    ['Redmi Note 8', 28, 30],
    ['Redmi 9A', 29, 30],
    ['Redmi 10C', 31, 33],
    ['Redmi 12C', 33, 34],
    ['Redmi 13C', 33, 35],
    ['Redmi Note 12', 33, 34],
    ['Redmi Note 13 Pro', 33, 35],
    ['POCO X5', 33, 34],
  ],
  OPPO: [
    ['A5s', 27, 29],
    ['A15', 29, 31],
    ['A17', 31, 33],
    ['A18', 33, 34],
    ['A57', 31, 34],
    ['A78', 33, 34],
    ['Reno 8', 31, 34],
  ],
  VIVO: [
    ['Y11', 28, 30],
    ['Y20', 29, 31],
    ['Y21', 30, 33],
    ['Y16', 31, 34],
    ['Y17s', 33, 34],
    ['Y36', 33, 34],
    ['V27', 33, 34],
  ],
  REALME: [
    ['C11', 29, 31],
    ['C21Y', 30, 31],
    ['C33', 31, 33],
    ['C53', 33, 34],
    ['C55', 33, 34],
    ['Narzo 50', 31, 33],
    ['11 Pro', 33, 35],
  ],
  HUAWEI: [
    ['Y7 Prime 2019', 27, 28],
    ['Y9 Prime 2019', 28, 29],
    ['P30 Lite', 28, 29],
    ['Y6p', 29, 29],
    ['Nova 7i', 29, 29],
    ['Nova Y70', 29, 31],
  ],
  MOTOROLA: [
    ['moto e7', 29, 30],
    ['moto g32', 31, 33],
    ['moto e13', 33, 33],
    ['moto g54 5G', 33, 35],
    ['moto g84 5G', 33, 35],
  ],
  GOOGLE: [
    ['Pixel 5', 30, 34],
    ['Pixel 6a', 32, 35],
    ['Pixel 7', 33, 35],
    ['Pixel 8', 34, 35],
  ],
};

/** Android API level shares, 24 (7.0) to 35 (15), skewed to 29–34. */
export const API_LEVELS: Weighted<number> = [
  [24, 2],
  [25, 1],
  [26, 2],
  [27, 3],
  [28, 6],
  [29, 10],
  [30, 14],
  [31, 13],
  [32, 2],
  [33, 18],
  [34, 20],
  [35, 9],
];

/** App versions (the long tail of users who do not update); version code = major·10000 + minor·100 + patch. */
export const APP_VERSIONS: Weighted<string> = [
  ['3.0.0', 3],
  ['3.0.1', 4],
  ['3.1.0', 5],
  ['3.1.2', 7],
  ['3.2.0', 8],
  ['3.2.1', 12],
  ['3.3.0', 12],
  ['3.3.1', 14],
  ['3.4.0', 10],
  ['3.4.1', 12],
  ['3.4.2', 13],
];

export function versionCode(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return major * 10_000 + minor * 100 + patch;
}
