// The Gomoku page's display and play settings that live next to the game in localStorage: the
// board theme, what a click on a renju forbidden point does, and the hint's own AI level.

export const SETTING_DEFAULTS = { theme: 'wood', forbiddenMode: 'confirm', hintLevel: 'strong' };

const THEME_VALUES = ['wood', 'plain', 'contrast'];
const FORBIDDEN_VALUES = ['confirm', 'refuse'];

/** Repairs settings read from storage (an older page, or edited by hand). */
export function normalizeSettings(game) {
  if (!THEME_VALUES.includes(game.theme)) game.theme = SETTING_DEFAULTS.theme;
  if (!FORBIDDEN_VALUES.includes(game.forbiddenMode)) game.forbiddenMode = SETTING_DEFAULTS.forbiddenMode;
  if (typeof game.hintLevel !== 'string' || !game.hintLevel) game.hintLevel = SETTING_DEFAULTS.hintLevel;
}

/**
 * Shows the settings in their controls and keeps `game` up to date; `changed(name)` runs after
 * each change (the page saves and redraws).
 */
export function bindSettings(game, controls, changed) {
  const { theme, forbidden, hintLevel } = controls;
  theme.value = game.theme;
  forbidden.value = game.forbiddenMode;
  hintLevel.value = game.hintLevel;
  theme.addEventListener('change', () => { game.theme = theme.value; changed('theme'); });
  forbidden.addEventListener('change', () => { game.forbiddenMode = forbidden.value; changed('forbiddenMode'); });
  hintLevel.addEventListener('change', () => { game.hintLevel = hintLevel.value; changed('hintLevel'); });
}

/** Fills the hint's level list from the server's levels; the stored choice stays when known. */
export function fillHintLevels(game, select, levels) {
  if (levels && levels.length) select.replaceChildren(...levels.map((n) => new Option(n, n)));
  const known = [...select.options].map((o) => o.value);
  if (!known.includes(game.hintLevel)) game.hintLevel = known.includes('strong') ? 'strong' : known[0];
  select.value = game.hintLevel;
}
