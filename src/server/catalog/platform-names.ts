/**
 * One name per platform, whichever source listed it (review 6 #7, #13). The catalog keeps each game's
 * platforms as its source wrote them: VGChartz's codes ("PS4", "X360", "DS"), IGDB's names
 * ("PlayStation 4", "PC (Microsoft Windows)"), Steam's "PC", "Mac" and "Linux". Counted per platform,
 * a code and a name of the same platform are one platform, named as IGDB names it, with VGChartz's code
 * as its abbreviation.
 */

export type PlatformFamily = "pc" | "playstation" | "xbox" | "nintendo" | "sega" | "other";

interface Known {
  name: string;
  abbreviation: string | null;
  family: PlatformFamily;
}

/** VGChartz's platform codes (the `Platform` column of vgsales.csv), by IGDB's name of the platform. */
const VGCHARTZ: Record<string, [name: string, family: PlatformFamily]> = {
  PC: ["PC", "pc"],
  PS: ["PlayStation", "playstation"],
  PS2: ["PlayStation 2", "playstation"],
  PS3: ["PlayStation 3", "playstation"],
  PS4: ["PlayStation 4", "playstation"],
  PSP: ["PlayStation Portable", "playstation"],
  PSV: ["PlayStation Vita", "playstation"],
  XB: ["Xbox", "xbox"],
  X360: ["Xbox 360", "xbox"],
  XOne: ["Xbox One", "xbox"],
  NES: ["Nintendo Entertainment System", "nintendo"],
  SNES: ["Super Nintendo Entertainment System", "nintendo"],
  N64: ["Nintendo 64", "nintendo"],
  GC: ["Nintendo GameCube", "nintendo"],
  Wii: ["Wii", "nintendo"],
  WiiU: ["Wii U", "nintendo"],
  GB: ["Game Boy", "nintendo"],
  GBA: ["Game Boy Advance", "nintendo"],
  DS: ["Nintendo DS", "nintendo"],
  "3DS": ["Nintendo 3DS", "nintendo"],
  GEN: ["Sega Mega Drive/Genesis", "sega"],
  SCD: ["Sega CD", "sega"],
  SAT: ["Sega Saturn", "sega"],
  DC: ["Dreamcast", "sega"],
  GG: ["Sega Game Gear", "sega"],
  "2600": ["Atari 2600", "other"],
  "3DO": ["3DO Interactive Multiplayer", "other"],
  NG: ["Neo Geo", "other"],
  TG16: ["TurboGrafx-16/PC Engine", "other"],
  PCFX: ["PC-FX", "other"],
  WS: ["WonderSwan", "other"],
};

/** Other spellings of the same platforms. */
const ALIASES: Record<string, string> = {
  "PC (Microsoft Windows)": "PC",
  Windows: "PC",
  "PS Vita": "PlayStation Vita",
};

const BY_NAME = new Map<string, Known>();
const BY_KEY = new Map<string, Known>();
for (const [code, [name, family]] of Object.entries(VGCHARTZ)) {
  const known = { name, abbreviation: code === name ? null : code, family };
  BY_NAME.set(name.toLowerCase(), known);
  BY_KEY.set(code.toLowerCase(), known);
}
for (const [alias, name] of Object.entries(ALIASES))
  BY_KEY.set(alias.toLowerCase(), BY_NAME.get(name.toLowerCase())!);

function familyOf(name: string): PlatformFamily {
  if (/^playstation/i.test(name)) return "playstation";
  if (/^xbox/i.test(name)) return "xbox";
  if (/^(nintendo|wii|game boy)/i.test(name)) return "nintendo";
  if (/^(sega|dreamcast)/i.test(name)) return "sega";
  if (/^pc$/i.test(name)) return "pc";
  return "other";
}

/** The platform a stored name stands for: one name per platform, its code, its family. */
export function platformOf(stored: string): Known {
  const key = stored.trim().toLowerCase();
  return (
    BY_KEY.get(key) ??
    BY_NAME.get(key) ?? { name: stored.trim(), abbreviation: null, family: familyOf(stored.trim()) }
  );
}

/** Every stored spelling that means a platform of the family (for SQL: `value IN (…)`), besides its names' prefix. */
export function familyCodes(family: PlatformFamily): string[] {
  return [
    ...Object.entries(VGCHARTZ)
      .filter(([, [, f]]) => f === family)
      .map(([code]) => code),
    ...Object.entries(ALIASES)
      .filter(([, name]) => BY_NAME.get(name.toLowerCase())?.family === family)
      .map(([alias]) => alias),
  ];
}

/** Every spelling of a platform this module knows: VGChartz's codes, the platforms' names, other spellings. */
export function platformSpellings(): string[] {
  return [
    ...Object.keys(VGCHARTZ),
    ...Object.values(VGCHARTZ).map(([name]) => name),
    ...Object.keys(ALIASES),
  ];
}
