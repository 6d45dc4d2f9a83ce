/** Name material for the seeded world, and the translations `lang` can pick. */

export const COUNTRIES: ReadonlyArray<{ name: string; alpha: string }> = [
  { name: 'Denmark', alpha: 'DK' },
  { name: 'Indonesia', alpha: 'ID' },
  { name: 'China', alpha: 'CN' },
  { name: 'Japan', alpha: 'JP' },
  { name: 'England', alpha: 'EN' },
  { name: 'India', alpha: 'IN' },
  { name: 'Canada', alpha: 'CA' },
  { name: 'Finland', alpha: 'FI' },
  { name: 'Sweden', alpha: 'SE' },
  { name: 'Australia', alpha: 'AU' },
]

export const INTERNATIONAL = 'International'

export const FIRST_NAMES = ['Viktor', 'Anders', 'Kento', 'Lee', 'Chen', 'Jonatan', 'Lakshya', 'Akane', 'Carolina', 'Tai', 'An', 'Ratchanok', 'Anthony', 'Loh', 'Shi', 'Kunlavut', 'Mia', 'Greysia', 'Aaron', 'Soh']
export const LAST_NAMES = ['Axelsen', 'Antonsen', 'Momota', 'Zii Jia', 'Long', 'Christie', 'Sen', 'Yamaguchi', 'Marin', 'Tzu-ying', 'Se-young', 'Intanon', 'Ginting', 'Kean Yew', 'Yuqi', 'Vitidsarn', 'Blichfeldt', 'Polii', 'Chia', 'Wooi Yik']
export const CITIES = ['Mumbai', 'Chennai', 'Sydney', 'Perth', 'London', 'Leeds', 'Toronto', 'Helsinki', 'Stockholm', 'Osaka', 'Delhi', 'Kolkata', 'Melbourne', 'Vancouver', 'Tampere', 'Malmo']
export const MASCOTS = ['Strikers', 'Hawks', 'Kings', 'Titans', 'Royals', 'Bears', 'Lions', 'Falcons', 'Wolves', 'Sharks', 'Comets', 'Giants']

export const LEAGUE_SUFFIXES: Record<string, readonly string[]> = {
  badminton: ['Open', 'Masters', 'Super Series'],
  cricket: ['Premier League', 'T20 Cup', 'Super League'],
  hockey: ['Liiga', 'Elite League', 'Cup'],
}

export const TV_CHANNELS = ['SportsOne', 'Arena TV', 'Shuttle Live', 'Puck Network', 'Cricket Plus', 'World Sport HD']

/** Translations of world names, per language. Untranslated names stay as they are. */
export const TRANSLATIONS: Record<string, Record<string, string>> = {
  de: { Denmark: 'Dänemark', Indonesia: 'Indonesien', Japan: 'Japan', England: 'England', India: 'Indien', Canada: 'Kanada', Finland: 'Finnland', Sweden: 'Schweden', Australia: 'Australien', International: 'International', China: 'China' },
  es: { Denmark: 'Dinamarca', Indonesia: 'Indonesia', Japan: 'Japón', England: 'Inglaterra', India: 'India', Canada: 'Canadá', Finland: 'Finlandia', Sweden: 'Suecia', Australia: 'Australia', International: 'Internacional', China: 'China' },
  fr: { Denmark: 'Danemark', Indonesia: 'Indonésie', Japan: 'Japon', England: 'Angleterre', India: 'Inde', Canada: 'Canada', Finland: 'Finlande', Sweden: 'Suède', Australia: 'Australie', International: 'International', China: 'Chine' },
}
