// The Gomoku page's display and play settings that live next to the game in localStorage: the
// board theme, what a click on a renju forbidden point does, the hint's own AI level, and the
// strong level's evaluation.

// evaluation '': not chosen yet (the server's default for the rule).
export const SETTING_DEFAULTS = { theme: 'wood', forbiddenMode: 'confirm', hintLevel: 'strong', evaluation: '' };
const EVAL_VALUES = ['', 'classical', 'network'];

const THEME_VALUES = ['wood', 'plain', 'contrast'];
const FORBIDDEN_VALUES = ['confirm', 'refuse'];

/** Repairs settings read from storage (an older page, or edited by hand). */
export function normalizeSettings(game) {
  if (!THEME_VALUES.includes(game.theme)) game.theme = SETTING_DEFAULTS.theme;
  if (!FORBIDDEN_VALUES.includes(game.forbiddenMode)) game.forbiddenMode = SETTING_DEFAULTS.forbiddenMode;
  if (typeof game.hintLevel !== 'string' || !game.hintLevel) game.hintLevel = SETTING_DEFAULTS.hintLevel;
  if (!EVAL_VALUES.includes(game.evaluation)) game.evaluation = SETTING_DEFAULTS.evaluation;
}

/**
 * The strong level's evaluation under `rule` as the server can give it: the stored choice, or
 * the server's default for the rule when there is none; 'classical' where the server has no
 * network for the rule. `serverInfo` is /api/info's reply (null before it came: classical).
 */
export function effectiveEval(game, rule, serverInfo) {
  const has = !!(serverInfo && serverInfo.gomoku_networks && serverInfo.gomoku_networks[rule]);
  const wanted = game.evaluation || (serverInfo && serverInfo.gomoku_eval && serverInfo.gomoku_eval[rule]) || 'classical';
  return has && wanted === 'network' ? 'network' : 'classical';
}

/** Shows the evaluation for the game's rule: network is offered only where the server has one. */
export function showEval(select, game, serverInfo) {
  const has = !!(serverInfo && serverInfo.gomoku_networks && serverInfo.gomoku_networks[game.rule]);
  const network = [...select.options].find((o) => o.value === 'network');
  if (network) {
    network.disabled = !has;
    network.textContent = has ? 'network' : 'network (none for this rule)';
  }
  select.value = effectiveEval(game, game.rule, serverInfo);
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
